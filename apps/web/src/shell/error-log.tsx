import BugOutlined from '@ant-design/icons/BugOutlined';
import { Badge } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useOnceTrue } from '../lib/use-once-true';
import { useErrorLog } from '../stores/error-log-store';

const ErrorLogDialog = lazy(() => import('./error-log-dialog'));

/** 'exception capture' (spec §2/§8): captured client errors, shown only when there are some. */
export function ErrorLogWidget() {
  const errors = useErrorLog((s) => s.errors);
  const [open, setOpen] = useState(false);
  const loaded = useOnceTrue(open);
  if (errors.length === 0) return null;
  return (
    <>
      <button type="button" className="header-widget" aria-label="exception capture" onClick={() => setOpen(true)}>
        <Badge count={errors.length} size="small">
          <BugOutlined style={{ color: 'var(--header-text)', fontSize: 16 }} />
        </Badge>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}

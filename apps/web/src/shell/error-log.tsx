import { Suspense, useState } from 'react';
import { useOnceTrue } from '../lib/use-once-true';
import { useErrorLog } from '../stores/error-log-store';
import { lazyWithAntd } from '../app/antd-lazy';

const ErrorLogDialog = lazyWithAntd(() => import('./error-log-dialog'));
// the badge's code comes with the first captured error, not with every page
const ErrorBadge = lazyWithAntd(() => import('./error-badge'));

/** 'exception capture' (spec §2/§8): captured client errors, shown only when there are some. */
export function ErrorLogWidget() {
  const errors = useErrorLog((s) => s.errors);
  const [open, setOpen] = useState(false);
  const loaded = useOnceTrue(open);
  if (errors.length === 0) return null;
  return (
    <>
      <button type="button" className="header-widget" aria-label="exception capture" onClick={() => setOpen(true)}>
        <Suspense fallback={null}>
          <ErrorBadge count={errors.length} />
        </Suspense>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}

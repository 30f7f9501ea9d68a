import '../../../components/plain-controls.css';
import { Suspense, useState } from 'react';
import { useOnceTrue } from '../../../lib/use-once-true';
import { lazyWithAntd } from '../../../app/antd-lazy';

const IntentFormDialog = lazyWithAntd(() => import('./intent-form-dialog'));

/** 报名咨询: anyone leaves their details and the course they want; a training manager follows up. */
export function IntentDialog({ courseName, buttonText }: { courseName?: string; buttonText: string }) {
  const [open, setOpen] = useState(false);
  const loaded = useOnceTrue(open);
  return (
    <>
      <button type="button" className="plain-btn small" onClick={() => setOpen(true)} data-testid="intent-open">
        {buttonText}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <IntentFormDialog courseName={courseName} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}

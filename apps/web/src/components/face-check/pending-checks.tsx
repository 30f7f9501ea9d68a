import '../../lib/locales/page-texts';
import './face-check.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { LoadBoundary } from '../load-boundary';
import { certificateProgressKey } from '../../lib/certificate-progress';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { PlainNotice } from '../plain-notice';
import { getOpenChecks, openChecksKey, type OpenCheck } from './face-check-api';
import { fetchFaceCheckDialog, LazyFaceCheckDialog } from './lazy-face-check-dialog';

/** Drawn while the dialog's code is on its way: the button that opened it shows it is busy. */
function Waiting({ onWaiting }: { onWaiting(waiting: boolean): void }) {
  useEffect(() => {
    onWaiting(true);
    return () => onWaiting(false);
  }, [onWaiting]);
  return null;
}

/** The learner's open checks, for any page that shows study (我的学习, 课程进度, 个人中心). */
export function useOpenChecks() {
  return useQuery({ queryKey: openChecksKey, queryFn: getOpenChecks });
}

/**
 * 待完成的人脸核验: every check the learner still owes (the one at the end of a course's last
 * unit included), where it belongs, and a button that opens it here — so a withheld
 * certificate or paused credit is never a mystery. `openFirst`: the oldest is opened at once,
 * once (an exam's start asked for a check).
 */
export function PendingChecks({ onPassed, openFirst = false }: { onPassed?: () => void; openFirst?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useOpenChecks();
  const [open, setOpen] = useState<OpenCheck | undefined>();
  const [waiting, setWaiting] = useState(false);
  const opened = useRef(false);
  useEffect(() => {
    if (!openFirst || opened.current || !data?.[0]) return;
    opened.current = true;
    // the check an exam's start opened (the newest of its kind), else the oldest one owed
    setOpen(data.filter((c) => c.kind === 'exam').at(-1) ?? data[0]);
  }, [openFirst, data]);
  if (!data || data.length === 0) return null;
  return (
    <>
      <PlainNotice
        tone="warning"
        className="pending-checks"
        testId="pending-checks"
        title={t('face.pending.title', { count: data.length })}
      >
        {data.map((c) => (
          <div key={c.checkId} className="pending-check" data-testid="pending-check">
            <span>
              {c.className}
              {c.unitName ? ` · ${c.unitName}` : ''} · {t(`face.pending.kinds.${c.kind}`)} ·{' '}
              {c.kind === 'exam'
                ? t('face.examNext')
                : c.overdue
                  ? t('face.pending.overdue', { time: formatDateTime(c.windowEndsAt) })
                  : t('face.windowEnds', { time: formatDateTime(c.windowEndsAt) })}
            </span>
            <button
              type="button"
              className={`plain-btn small primary${waiting && open?.checkId === c.checkId ? ' loading' : ''}`}
              aria-busy={waiting && open?.checkId === c.checkId}
              data-testid="pending-check-open"
              onPointerDown={fetchFaceCheckDialog}
              onClick={() => setOpen(c)}
            >
              {t('face.pending.take')}
            </button>
          </div>
        ))}
      </PlainNotice>
      {open && (
        // a dialog whose code will not load says so here, not in place of the whole page
        <LoadBoundary key={open.checkId}>
          <Suspense fallback={<Waiting onWaiting={setWaiting} />}>
            <LazyFaceCheckDialog
              check={open}
              onClose={() => setOpen(undefined)}
              onPassed={() => {
                setOpen(undefined);
                void client.invalidateQueries({ queryKey: openChecksKey });
                void client.invalidateQueries({ queryKey: certificateProgressKey });
                onPassed?.();
              }}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}

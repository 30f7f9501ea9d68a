import '../plain-controls.css';
import './face-check.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { compareMessage } from './compare-message';
import { FaceCapture } from '../face-capture/face-capture';
import { PlainDialog } from '../plain-dialog';
import { PlainNotice } from '../plain-notice';
import { PlainResult } from '../plain-result';
import { SkeletonLines } from '../skeleton-lines';
import { formatDateTime, isPast } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import {
  checkPassed,
  compareForCheck,
  getReference,
  issueCaptureToken,
  onCheckDecided,
  SET_REFERENCE_PATH,
  setReferenceState,
  type DueCheck,
} from './face-check-api';

/** On a phone the camera is right here: no QR code for "use your phone". */
const isPhone = () =>
  /Android|iPhone|iPod|Mobile|HarmonyOS/i.test(navigator.userAgent) ||
  (window.matchMedia('(pointer: coarse)').matches && window.matchMedia('(max-width: 991px)').matches);

/** A phone takes the photo: a single-use QR code, and the answer arrives over the websocket. */
function PhoneHandOff({ check, onPassed }: { check: DueCheck; onPassed(): void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ svg: string; url: string } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const issue = () => {
    setError(undefined);
    issueCaptureToken(check.checkId)
      .then((r) => setQr({ svg: r.qrSvg, url: r.url }))
      .catch((err: Error) => setError(err.message));
  };
  useEffect(issue, [check.checkId]);
  // the latest callback, without re-subscribing on every render
  const passedRef = useRef(onPassed);
  passedRef.current = onPassed;
  useEffect(
    () => onCheckDecided(check.checkId, (passed) => (passed ? passedRef.current() : setFailed(true))),
    [check.checkId],
  );
  return (
    <div className="face-qr" data-testid="face-qr">
      {error && <PlainNotice tone="error" title={error} />}
      {qr ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
          alt={qr.url}
          data-testid="face-qr-image"
        />
      ) : (
        !error && <div className="face-qr-waiting skeleton-line" aria-busy="true" />
      )}
      <p>{t('face.phoneHint', { minutes: 5 })}</p>
      {failed && <PlainNotice tone="warning" title={t('face.phoneFailed')} />}
      <div className="face-qr-actions">
        <button type="button" className="plain-btn" onClick={issue}>
          {t('face.refreshQr')}
        </button>
        <button
          type="button"
          className="plain-btn"
          onClick={() => void checkPassed(check.checkId).then((passed) => passed && onPassed())}
        >
          {t('face.phoneDone')}
        </button>
      </div>
    </div>
  );
}

/**
 * 人脸核验 in the player: the video is paused while a check is due; the learner's own face
 * (camera here, or a phone) lets study — and credit — go on.
 */
export function FaceCheckDialog({
  check,
  onPassed,
  onClose,
}: {
  check: DueCheck;
  onPassed(): void;
  /** set aside for now: the video stays paused, playing asks again */
  onClose(): void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [hasReference, setHasReference] = useState<boolean | undefined>();
  /** his organisation has its managers take 本人照片: he cannot set one himself */
  const [selfAllowed, setSelfAllowed] = useState(true);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; msg: string } | undefined>();
  const [usePhone, setUsePhone] = useState(false);
  const [phone] = useState(isPhone);
  // the window's end passes while the dialog is open: it then says the check is overdue
  const [overdue, setOverdue] = useState(() => isPast(check.windowEndsAt));
  useEffect(() => {
    const left = new Date(check.windowEndsAt).getTime() - Date.now();
    setOverdue(left <= 0);
    if (left <= 0) return;
    const at = setTimeout(() => setOverdue(true), Math.min(left + 100, 2 ** 31 - 1));
    return () => clearTimeout(at);
  }, [check.windowEndsAt]);
  // passed once, however it is heard of (this camera, the phone's message, the phone's button)
  const done = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const passOnce = () => {
    if (done.current) return;
    done.current = true;
    onPassed();
  };

  useEffect(() => {
    getReference()
      .then((r) => {
        setHasReference(r.hasReference);
        setSelfAllowed(r.selfAllowed);
      })
      .catch(() => setHasReference(true));
  }, []);

  /** passed: said, a moment to read it, then study goes on */
  const passed = (msg: string) => {
    setAnswer({ ok: true, msg });
    clearTimeout(timer.current);
    timer.current = setTimeout(passOnce, 800);
  };
  const passedRef = useRef(passed);
  passedRef.current = passed;
  // however the pass is decided — this camera's answer lost on its way (a slow first comparison
  // past the page's 10 s), or a phone — the server says so over the websocket
  useEffect(
    () => onCheckDecided(check.checkId, (ok) => ok && !done.current && passedRef.current(t('face.passed'))),
    [check.checkId, t],
  );

  const send = async (photo: Blob) => {
    setBusy(true);
    try {
      const result = await compareForCheck(check.checkId, photo);
      if (result.passed) passed(compareMessage(t, result));
      else setAnswer({ ok: false, msg: compareMessage(t, result) });
    } catch (err) {
      // no answer (a timeout) is not a refusal: the check may have passed meanwhile
      const passedMeanwhile = await checkPassed(check.checkId).catch(() => false);
      if (passedMeanwhile) passed(t('face.passed'));
      else setAnswer({ ok: false, msg: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  // closed in the moment a passed check shows its result: it has passed, study goes on
  const close = () => (answer?.ok ? passOnce() : onClose());
  return (
    // the browser's modal <dialog>: 稍后核验 or Escape sets the check aside, as antd's Modal's
    // close did (the video stays paused; playing asks again)
    <PlainDialog
      open
      title={t('face.checkTitle')}
      onClose={close}
      className="face-check-modal"
      footer={
        <button type="button" className="plain-btn small" onClick={close} data-testid="face-check-later">
          {t('face.later')}
        </button>
      }
    >
      {/* the focus starts on the dialog's content, not on 稍后核验 (antd's Modal took it itself) */}
      <div data-testid="face-check-dialog" tabIndex={-1} data-autofocus className="face-check-body">
        <p className="face-check-kind">{t(`face.kinds.${check.kind}`)}</p>
        {check.unitName && (
          <p className="face-check-unit" data-testid="face-check-unit">
            {check.className ? `${check.className} · ` : ''}
            {check.unitName}
          </p>
        )}
        {check.kind === 'exam' ? (
          // no time limit: the exam waits for the pass (a check opened a while ago is no later)
          <p className="face-check-window">{t('face.examNext')}</p>
        ) : overdue ? (
          <PlainNotice
            tone="warning"
            testId="face-check-overdue"
            title={t('face.overdue', { time: formatDateTime(check.windowEndsAt) })}
          />
        ) : (
          <p className="face-check-window">
            {t('face.windowEnds', { time: formatDateTime(check.windowEndsAt) })} ·{' '}
            {/* the unit is counted already: what waits for the pass is the next one */}
            {t(check.kind === 'end' ? 'face.endNext' : 'face.creditPaused')}
          </p>
        )}
        {hasReference === undefined ? (
          <SkeletonLines lines={3} className="face-check-loading" />
        ) : !hasReference ? (
          <PlainResult
            tone="warning"
            title={t(selfAllowed ? 'face.noReference' : 'face.noReferenceByManager')}
            actions={
              selfAllowed && (
                // 个人中心's card, its camera open; this dialog closes (on 个人中心 itself the link
                // only opened the same dialog again)
                <Link
                  className="plain-btn primary"
                  to={SET_REFERENCE_PATH}
                  state={setReferenceState(location)}
                  onClick={onClose}
                  data-testid="face-go-set-reference"
                >
                  {t('face.goSetReference')}
                </Link>
              )
            }
          />
        ) : answer?.ok ? (
          <PlainResult tone="success" title={answer.msg} testId="face-check-passed" />
        ) : (
          <>
            {answer && <PlainNotice tone="error" title={answer.msg} testId="face-check-error" />}
            {usePhone ? (
              <PhoneHandOff check={check} onPassed={passOnce} />
            ) : (
              <FaceCapture
                onCapture={send}
                busy={busy}
                submitText={t('face.shoot')}
                otherWay={phone ? undefined : t('face.camera.orPhone')}
                extra={
                  phone ? undefined : (
                    <button
                      type="button"
                      className="plain-link"
                      onClick={() => setUsePhone(true)}
                      data-testid="face-use-phone"
                    >
                      {t('face.usePhone')}
                    </button>
                  )
                }
              />
            )}
            {usePhone && (
              <button type="button" className="plain-link" onClick={() => setUsePhone(false)}>
                {t('face.useCamera')}
              </button>
            )}
          </>
        )}
      </div>
    </PlainDialog>
  );
}

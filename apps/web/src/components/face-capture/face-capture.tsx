import './face-capture.css';
import '../plain-controls.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { PlainNotice } from '../plain-notice';
import { checkFrame, loadFacePrecheck, precheckWanted, steadyFrames, type FrameCheck } from './face-precheck';
import { captureFrame, useCamera } from './use-camera';

interface Props {
  /** the photo taken; resolves when it was handled */
  onCapture(photo: Blob): Promise<unknown>;
  submitText: string;
  busy?: boolean;
  /** shown under the camera: other ways (a phone, a file) */
  extra?: React.ReactNode;
  /** said under a camera problem: the other way this page offers (none on the phone itself) */
  otherWay?: string | undefined;
}

const PRECHECK_EVERY_MS = 700;
/**
 * How long the button waits for the pre-check to load (~0.7 MB): on a slow phone network it
 * can take longer than a check's window leaves, and the server judges every photo anyway.
 * Once loaded, the pre-check takes over the hint and the button.
 */
const PRECHECK_WAIT_MS = 4_000;

/**
 * The camera with a live "one face in frame" hint; the button sends the current frame.
 * No camera, permission denied or an insecure page each say so (and what to do instead).
 * Plain elements: the phone's camera page draws no antd.
 */
export function FaceCapture({ onCapture, submitText, busy, extra, otherWay }: Props) {
  const { t } = useTranslation();
  const { video, ready, problem } = useCamera(true);
  const [frame, setFrame] = useState<FrameCheck | 'loading' | 'unavailable'>('loading');

  useEffect(() => {
    if (!ready) return;
    // a phone that asked to save data, or on 2G, does without it
    if (!precheckWanted()) {
      setFrame('unavailable');
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = setTimeout(() => setFrame((f) => (f === 'loading' ? 'unavailable' : f)), PRECHECK_WAIT_MS);
    loadFacePrecheck()
      .then((human) => {
        const steady = steadyFrames();
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            setFrame(steady(await checkFrame(human, video.current)));
          } catch {
            setFrame('unavailable');
          }
          timer = setTimeout(() => void tick(), PRECHECK_EVERY_MS);
        };
        void tick();
      })
      // without the pre-check the photo can still be sent: the server judges it
      .catch(() => setFrame('unavailable'));
    return () => {
      stopped = true;
      clearTimeout(waited);
      if (timer) clearTimeout(timer);
    };
  }, [ready, video]);

  if (problem) {
    return (
      <div className="face-capture" data-testid="face-capture">
        <PlainNotice tone="warning" title={t(`face.camera.${problem}`)} testId="camera-problem">
          {otherWay}
        </PlainNotice>
        {extra}
      </div>
    );
  }
  const canShoot = ready && (frame === 'one' || frame === 'unavailable');
  return (
    <div className="face-capture" data-testid="face-capture">
      <div className="face-capture-frame">
        <video ref={video} muted playsInline className="face-capture-video" />
        <div className={`face-capture-hint face-capture-hint-${frame}`} data-testid="face-hint">
          {ready ? t(`face.frame.${frame}`) : t('face.frame.starting')}
        </div>
      </div>
      <button
        type="button"
        className={`plain-btn primary block${busy ? ' loading' : ''}`}
        aria-busy={busy}
        disabled={!canShoot || busy}
        data-testid="face-shoot"
        onClick={() => {
          if (video.current) void captureFrame(video.current).then(onCapture);
        }}
      >
        {submitText}
      </button>
      {extra}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';

export type CameraProblem = 'insecure' | 'denied' | 'missing' | 'busy' | 'failed';

/** The front camera in a <video>, stopped when the component goes; or why there is none. */
export function useCamera(enabled: boolean) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | undefined>();

  useEffect(() => {
    if (!enabled) return;
    let stream: MediaStream | undefined;
    let cancelled = false;
    setReady(false);
    setProblem(undefined);
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setProblem('insecure');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
      .then(async (s) => {
        // closed while the camera was starting (a dialog cancelled at the permission prompt):
        // the cleanup has run already, so this stream is stopped here or never
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        if (!video.current) return;
        video.current.srcObject = s;
        await video.current.play().catch(() => undefined);
        setReady(true);
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const name = err instanceof DOMException ? err.name : '';
        setProblem(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? 'denied'
            : name === 'NotFoundError' || name === 'OverconstrainedError'
              ? 'missing'
              : name === 'NotReadableError'
                ? 'busy'
                : 'failed',
        );
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [enabled]);

  return { video, ready, problem };
}

/** The current frame as a JPEG. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no frame'))), 'image/jpeg', 0.9),
  );
}

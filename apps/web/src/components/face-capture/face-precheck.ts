import type { Human } from '@vladmandic/human';

/**
 * The browser's face pre-check: the same library as the server (its WASM backend, the
 * detector model served at /face-models/), loaded only when a camera opens. It tells the
 * learner "one face, in frame" before a photo is sent; the server still decides.
 */
let loading: Promise<Human> | undefined;

export function loadFacePrecheck(): Promise<Human> {
  loading ??= import('@vladmandic/human').then(async ({ Human }) => {
    const human = new Human({
      backend: 'wasm',
      wasmPath: '/tfjs-wasm/',
      modelBasePath: '/face-models/',
      debug: false,
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { enabled: true, rotation: false, maxDetected: 3, minConfidence: 0.5, return: false },
        mesh: { enabled: false },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
    });
    await human.load();
    return human;
  });
  loading.catch(() => {
    // a failed load may be retried the next time a camera opens
    loading = undefined;
  });
  return loading;
}

/**
 * False on a connection that asked to save data or is 2G (the Network Information API, which
 * Chromium has; elsewhere the pre-check is loaded): the photo is sent without it.
 */
export function precheckWanted(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return !(connection?.saveData || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g');
}

export type FrameCheck = 'none' | 'one' | 'many' | 'small';

/** What the pre-check sees in the current video frame. */
export async function checkFrame(human: Human, video: HTMLVideoElement): Promise<FrameCheck> {
  const result = await human.detect(video);
  const faces = result.face.filter((f) => (f.boxScore ?? f.score) >= 0.5);
  if (faces.length === 0) return 'none';
  if (faces.length > 1) return 'many';
  const side = Math.min(video.videoWidth, video.videoHeight) || 1;
  return faces[0]!.box[2] / side < 0.15 ? 'small' : 'one';
}

/** Frames without the face, after it was seen, that still count as "one face". */
const MISSES_FORGIVEN = 2;

/**
 * Steadies the pre-check's verdicts: a frame or two without the face after it was seen (a
 * blink, a turned head, a slow phone's blurred frame) keeps "one face", so the hint and the
 * button do not flicker while the learner holds still. Two faces are said at once. The photo
 * is judged by the server whatever the pre-check said.
 */
export function steadyFrames(): (seen: FrameCheck) => FrameCheck {
  let misses = MISSES_FORGIVEN;
  return (seen) => {
    if (seen === 'one') misses = 0;
    else if (seen === 'many') misses = MISSES_FORGIVEN;
    else if (misses < MISSES_FORGIVEN) {
      misses += 1;
      return 'one';
    }
    return seen;
  };
}

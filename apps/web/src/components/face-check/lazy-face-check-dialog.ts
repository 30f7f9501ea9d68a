import { lazy } from 'react';
import { withChunkTimeout } from '../../lib/chunk-timeout';

/**
 * The check's dialog (plain markup, the browser's modal <dialog>) comes when a check opens or
 * is about to: the camera's code is of no use to a learner who is never checked.
 */
const loadDialog = () => import('./face-check-dialog').then((m) => ({ default: m.FaceCheckDialog }));
export const LazyFaceCheckDialog = lazy(withChunkTimeout(loadDialog));

/** Fetches the dialog's code ahead (as a finger touches the button that opens it). */
export const fetchFaceCheckDialog = () => void loadDialog().catch(() => undefined);

import { loadAntd, lazyWithAntd } from '../../app/antd-lazy';

/**
 * The check's dialog is antd's: it comes, with antd, when a check opens (我的学习 and the
 * player draw none of antd themselves).
 */
const loadDialog = () => import('./face-check-dialog').then((m) => ({ default: m.FaceCheckDialog }));
export const LazyFaceCheckDialog = lazyWithAntd(loadDialog);

/** Fetches the dialog's code ahead (as a finger touches the button that opens it). */
export const fetchFaceCheckDialog = () => void Promise.all([loadDialog(), loadAntd()]).catch(() => undefined);

import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// Spec §9: speed 500 ms, trickle 200 ms, no spinner.
NProgress.configure({ speed: 500, trickleSpeed: 200, showSpinner: false });

export const startProgress = () => NProgress.start();
export const doneProgress = () => NProgress.done();

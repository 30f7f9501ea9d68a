import type { NProgress } from 'nprogress';

/**
 * The navigation progress bar. nprogress (and its CSS) loads with the first navigation,
 * not with the first page: the login page's 200 KB budget has no room for it.
 */
let loading: Promise<NProgress> | undefined;
const load = () =>
  (loading ??= Promise.all([import('nprogress'), import('nprogress/nprogress.css')]).then(([module]) => {
    const bar = module.default;
    // Spec §9: speed 500 ms, trickle 200 ms, no spinner.
    bar.configure({ speed: 500, trickleSpeed: 200, showSpinner: false });
    return bar;
  }));

export const startProgress = () => void load().then((bar) => bar.start());
export const doneProgress = () => void load().then((bar) => bar.done());

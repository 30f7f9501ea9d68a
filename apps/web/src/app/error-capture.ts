import { useErrorLog } from '../stores/error-log-store';

/** Captures client errors for the 'exception capture' dialog (spec §2/§8). */
export function installErrorCapture(): void {
  const add = (message: string, stack: string) =>
    useErrorLog.getState().add({ url: location.hash || '#/', message, stack, time: Date.now() });
  window.addEventListener('error', (e) => add(e.message, e.error instanceof Error ? (e.error.stack ?? '') : ''));
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    if (reason instanceof Error && reason.name === 'ApiError') {
      // a refusal the API client has already said in a toast (a handler that only acts on
      // success need not catch it): handled, not an error of the page. A silent request's
      // refusal nobody caught stays in the console.
      if ((reason as Error & { notified?: boolean }).notified) e.preventDefault();
      return;
    }
    add(reason instanceof Error ? reason.message : String(reason), reason instanceof Error ? (reason.stack ?? '') : '');
  });
}

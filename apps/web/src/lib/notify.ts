import { ERROR_TOAST_MS, MESSAGE_DURATION_MS } from '@anxun/shared/constants';
import { localiseNow } from './i18n';

/**
 * The API client and stores live outside React; the toasts are drawn by the app's toast host
 * (app/toast-host.tsx), which registers itself here as it mounts.
 */
interface Notifier {
  error(content: string, durationSeconds: number): void;
  success(content: string, durationSeconds: number): void;
  clear(): void;
}

let notifier: Notifier | undefined;
/** Toasts raised before the host mounted wait for it. */
let pending: Array<(n: Notifier) => void> = [];

export function setNotifier(next: Notifier | undefined): void {
  notifier = next;
  if (next) {
    for (const show of pending) show(next);
    pending = [];
  }
}

function show(fn: (n: Notifier) => void): void {
  if (notifier) fn(notifier);
  else pending.push(fn);
}

export function notifyError(text: string): void {
  show((n) => n.error(localiseNow(text), ERROR_TOAST_MS / 1000));
}

export function notifySuccess(text: string): void {
  show((n) => n.success(localiseNow(text), MESSAGE_DURATION_MS / 1000));
}

/** Clears the toasts on screen (after a successful retry, old errors no longer apply). */
export function clearNotices(): void {
  notifier?.clear();
}

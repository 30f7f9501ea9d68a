import { ERROR_TOAST_MS, MESSAGE_DURATION_MS } from '@anxun/shared/constants';

/**
 * The API client and stores live outside React, but toasts need antd's App context. The
 * shell registers antd's message instance here once it mounts.
 */
interface Notifier {
  error(content: string, durationSeconds: number): void;
  success(content: string, durationSeconds: number): void;
}

let notifier: Notifier | undefined;

export function setNotifier(next: Notifier | undefined): void {
  notifier = next;
}

export function notifyError(text: string): void {
  notifier?.error(text, ERROR_TOAST_MS / 1000);
}

export function notifySuccess(text: string): void {
  notifier?.success(text, MESSAGE_DURATION_MS / 1000);
}

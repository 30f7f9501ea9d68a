import { ERROR_TOAST_MS, MESSAGE_DURATION_MS } from '@anxun/shared/constants';
import { useSettings } from '../stores/settings-store';
import { localiseText } from './i18n';

/**
 * The API client and stores live outside React, but toasts need antd's App context. The
 * shell registers antd's message instance here once it mounts.
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

/** Loads the toasts' host (antd's message): asked for with the first toast, not at start. */
let loadHost: (() => Promise<unknown>) | undefined;
let hostAsked = false;

function askHost(load: () => Promise<unknown>): void {
  hostAsked = true;
  // a chunk that would not load is asked for again with the next toast
  load().catch(() => {
    hostAsked = false;
  });
}

/**
 * The app says how to load the host; it is loaded when the first toast is raised (at once if
 * one is already waiting), so no page pays antd's message code and styles to start.
 */
export function whenNotifierNeeded(load: () => Promise<unknown>): () => void {
  loadHost = load;
  if (pending.length > 0 && !hostAsked) askHost(load);
  return () => {
    if (loadHost === load) loadHost = undefined;
  };
}

function show(fn: (n: Notifier) => void): void {
  if (notifier) fn(notifier);
  else {
    pending.push(fn);
    if (loadHost && !hostAsked) askHost(loadHost);
  }
}

export function notifyError(text: string): void {
  show((n) => n.error(localiseText(useSettings.getState().language, text), ERROR_TOAST_MS / 1000));
}

export function notifySuccess(text: string): void {
  show((n) => n.success(localiseText(useSettings.getState().language, text), MESSAGE_DURATION_MS / 1000));
}

/** Clears the toasts on screen (after a successful retry, old errors no longer apply). */
export function clearNotices(): void {
  notifier?.clear();
}

import { WsCode } from '@anxun/shared/constants';
import type { CompareResult, OpenCheck, ReferenceInfo } from '@anxun/shared/schemas/identity';
import { api } from '../../lib/api-client';
import { onRealtimeMessage } from '../../lib/realtime';

export type { CompareResult, OpenCheck };

/** A check to take now: from a progress report's answer, or one of the open checks. */
export interface DueCheck {
  checkId: string;
  kind: 'start' | 'random' | 'end' | 'exam';
  dueAt: string;
  windowEndsAt: string;
  /** where it belongs, when known (an open check listed outside the player) */
  className?: string;
  unitName?: string | null;
}

/** The query key of the open checks, for every page that lists them or passes one. */
export const openChecksKey = ['face', 'open-checks'] as const;

/** The learner's checks not yet passed, oldest first, with their class and unit. */
export const getOpenChecks = () => api.get<OpenCheck[]>('/api/train/class/getOpenChecks', { silent: true });

/** The reference photo's query key: 个人中心's card and the prompts before study share it. */
export const referenceKey = ['account', 'face-reference'] as const;

/**
 * Where a learner takes his reference photo: 个人中心's card, opened on its camera — asked in
 * the navigation's state, not its address (the keep-alive outlet keeps a page per address: a
 * query would open a second 个人中心 beside the first), with the page to go back to.
 */
export const SET_REFERENCE_PATH = '/setting/personalCenter';
export const setReferenceState = (from: { pathname: string; search: string }) => ({
  setReference: true,
  from: `${from.pathname}${from.search}`,
});

export const getReference = () => api.get<ReferenceInfo>('/api/face/reference', { silent: true });

/** Sends the camera's photo for a due check, with a nonce the server gives for this one photo. */
export async function compareForCheck(checkId: string, photo: Blob) {
  const { nonce } = await api.post<{ nonce: string }>('/api/face/nonce', { silent: true });
  const form = new FormData();
  form.append('checkId', checkId);
  form.append('via', 'camera');
  form.append('nonce', nonce);
  form.append('photo', photo, 'face.jpg');
  return api.post<CompareResult>('/api/face/compare', { body: form, silent: true });
}

export const issueCaptureToken = (checkId: string) =>
  // its error is shown in the dialog (a toast would sit behind the modal, and bring antd)
  api.post<{ url: string; expiresAt: string; qrSvg: string }>('/api/face/capture-token', {
    json: { checkId },
    silent: true,
  });

/** The check's state, for when the realtime message was missed (a page asleep, a reconnect). */
export async function checkPassed(checkId: string): Promise<boolean> {
  const list = await api.post<{ records: Array<{ checkId: string; status: string }> }>(
    '/api/train/class/getCheckList',
    {
      json: { current: 1, size: 20 },
      silent: true,
    },
  );
  return list.records.some((r) => r.checkId === checkId && r.status === 'passed');
}

/** Calls back when the server says this check was decided on another device. */
export function onCheckDecided(checkId: string, listener: (passed: boolean) => void): () => void {
  return onRealtimeMessage((message) => {
    const data = message.data as { checkId?: string; passed?: boolean } | undefined;
    if (message.code === WsCode.FACE_CHECK_RESULT && data?.checkId === checkId) listener(Boolean(data.passed));
  });
}

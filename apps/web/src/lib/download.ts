import { ErrorCode, errorTable } from '@anxun/shared/errors';
import { ApiError, currentToken } from './api-client';
import { notifyError } from './notify';

/**
 * A file an API route answers (a PDF, a sheet), with the token in the header, not the URL;
 * `json` sends a body (a preview of something not yet saved). An error answer is shown.
 */
export async function fetchFile(url: string, init: { method?: string; json?: unknown } = {}): Promise<Blob> {
  const token = currentToken();
  const headers: Record<string, string> = token ? { Authorization: token } : {};
  if (init.json !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
    credentials: 'omit',
  });
  if (!res.ok) {
    let msg = errorTable[ErrorCode.UNKNOWN].msg;
    try {
      msg = ((await res.json()) as { msg?: string }).msg ?? msg;
    } catch {
      // not an envelope
    }
    notifyError(msg);
    throw new ApiError(ErrorCode.UNKNOWN, msg, res.status);
  }
  return res.blob();
}

/** Downloads a file an API route streams (a certificate PDF) under the given name. */
export async function downloadFile(url: string, fileName: string): Promise<Blob> {
  const blob = await fetchFile(url);
  saveBlob(blob, fileName);
  return blob;
}

/** Hands a file made in the page to the browser's downloads, under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

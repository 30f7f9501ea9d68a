import { ErrorCode, errorTable } from '@anxun/shared/errors';
import { ApiError, currentToken } from './api-client';
import { notifyError } from './notify';

/** Downloads a file an API route streams (a certificate PDF): the token travels in the header, not the URL. */
export async function downloadFile(url: string, fileName: string): Promise<Blob> {
  const token = currentToken();
  const res = await fetch(url, { headers: token ? { Authorization: token } : {}, credentials: 'omit' });
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
  const blob = await res.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return blob;
}

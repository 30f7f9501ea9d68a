import { api } from '../../../lib/api-client';
import { encryptField } from '../../../lib/crypto';
import type { CreditAnswer } from '../api/study-api';

export interface Report {
  trainWarpCourseId: string;
  playbackId: string;
  seq: number;
  position: number;
  rate: number;
  hidden: boolean;
}

let publicKey: Promise<string> | undefined;

/**
 * Sends a progress report as spec §7 has it: form-encoded `entity`, RSA-OAEP-encrypted
 * where the browser has WebCrypto (else the JSON text, which the server accepts too).
 * `keepalive` lets the last report of a closing page still arrive.
 */
export async function sendReport(report: Report, keepalive = false): Promise<CreditAnswer> {
  const json = JSON.stringify(report);
  let entity = json;
  if (globalThis.crypto?.subtle) {
    publicKey ??= api.get<{ publicKey: string }>('/publicKey').then((r) => r.publicKey);
    entity = await encryptField(json, await publicKey);
  }
  return api.post<CreditAnswer>('/api/train/cls_Warp/update-Warp', { form: { entity }, silent: true, keepalive });
}

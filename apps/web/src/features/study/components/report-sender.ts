import type { ProgressReportWire } from '@anxun/shared/schemas/training';
import { api } from '../../../lib/api-client';
import { encryptField } from '../../../lib/crypto';
import type { CreditAnswer } from '../api/study-api';

/** One progress report as the contract has it. */
export type Report = ProgressReportWire;

let publicKey: Promise<string> | undefined;

/**
 * Sends a progress report as spec §7 has it: form-encoded `entity`, RSA-OAEP-encrypted
 * where the browser has WebCrypto (else the JSON text, which the server accepts too).
 * `leaving`: the last report of a closing page or player, which must still arrive.
 */
export async function sendReport(report: Report, leaving = false): Promise<CreditAnswer> {
  const json = JSON.stringify(report);
  // A page being closed does not wait for WebCrypto: the last report leaves at once, as the
  // JSON text the server also accepts (over TLS, as every request), kept alive past the page.
  if (leaving) {
    return api.post<CreditAnswer>('/api/train/cls_Warp/update-Warp', {
      form: { entity: json },
      silent: true,
      keepalive: true,
    });
  }
  let entity = json;
  if (globalThis.crypto?.subtle) {
    publicKey ??= api.get<{ publicKey: string }>('/publicKey').then((r) => r.publicKey);
    entity = await encryptField(json, await publicKey);
  }
  return api.post<CreditAnswer>('/api/train/cls_Warp/update-Warp', { form: { entity }, silent: true });
}

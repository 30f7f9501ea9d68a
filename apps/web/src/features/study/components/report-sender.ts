import type { ProgressReportWire } from '@anxun/shared/schemas/training';
import { api } from '../../../lib/api-client';
import type { CreditAnswer } from '../api/study-api';

/** One progress report as the contract has it. */
export type Report = ProgressReportWire;

/**
 * Sends a progress report as spec §7 has it: form-encoded, the field `entity` holding the
 * report's JSON, as its text (which DESIGN.md lets the server take over TLS), not RSA-encrypted.
 * The RSA layer authenticates nothing (the key is public, the token says who reports) and
 * the server decides the credit from its own clock; decrypting it cost the server ~1 ms of
 * its one thread per report, as much again as everything else a report costs (README).
 * `leaving`: the last report of a closing page or player, kept alive past the page.
 */
export function sendReport(report: Report, leaving = false): Promise<CreditAnswer> {
  return api.post<CreditAnswer>('/api/train/cls_Warp/update-Warp', {
    form: { entity: JSON.stringify(report) },
    silent: true,
    keepalive: leaving,
  });
}

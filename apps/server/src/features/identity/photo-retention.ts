import type { AppContext } from '../../app-context.js';
import { reviewBelow } from './face-review.service.js';
import { findExpiredPhotos, markPhotoPurged } from './identity.repository.js';

const BATCH = 500;
const EVERY_MS = 6 * 3600_000;

/**
 * Face-check photos are kept for audit as long as the organisation's retention and every class
 * of the learner's still within its own need them (identity.repository's findExpiredPhotos
 * says exactly when), then their bytes are deleted; the attempt (time, score, result,
 * address, device) stays for good.
 */
export async function purgeExpiredPhotos(ctx: AppContext): Promise<number> {
  let purged = 0;
  let after = '';
  for (;;) {
    const rows = await findExpiredPhotos(ctx.db, ctx.now(), reviewBelow(ctx), after, BATCH);
    for (const row of rows) {
      after = row.id;
      if (row.photo_key) await ctx.files.remove(row.photo_key);
      await markPhotoPurged(ctx.db, row.id, ctx.now());
      purged++;
    }
    if (rows.length < BATCH) return purged;
  }
}

/** Purges at start and every six hours; the returned function stops it. */
export function schedulePhotoRetention(ctx: AppContext): () => void {
  const run = () =>
    purgeExpiredPhotos(ctx).catch((err: unknown) => ctx.log.error({ err }, 'face photo retention failed'));
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

import type { AppContext } from '../../app-context.js';
import { settleOverdueAttempts } from './exam.service.js';

const EVERY_MS = 30_000;

/**
 * Closes attempts left open past their time at start and every 30 seconds (each node; an
 * attempt is closed once, whichever comes first); the returned function stops it.
 */
export function scheduleExamSettlement(ctx: AppContext): () => void {
  const run = () =>
    settleOverdueAttempts(ctx).catch((err: unknown) => ctx.log.error({ err }, 'closing overdue exams failed'));
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

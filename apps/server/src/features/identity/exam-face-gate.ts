import type { Db, Dialect } from '../../infra/database.js';
import { parseFaceCheckRules } from '../../core/face-check-rules.js';
import { lockPersonRows } from '../../core/person.repository.js';
import { findLastPasses, findOpenChecks } from './face-gate.repository.js';
import { newCheckRow } from './face-gate.js';
import { insertCheck } from './identity.repository.js';

/** How recent a pass must be for a new exam paper: the learner at the screen now, not this morning. */
export const EXAM_CHECK_FRESH_MS = 10 * 60_000;

/** Who asks (the exams feature's start of a paper). */
export interface ExamGateJob {
  personId: string;
  sessionId: string;
  trainPersonId: string;
  /** the class's rules JSON */
  classRules: string;
  /** resuming the open attempt (a pass in this login session is enough) or a new paper */
  resume: boolean;
}

/**
 * 考前人脸核验: a class that checks faces before its exams (`beforeExam`) checks who sits them. A new paper needs a pass in
 * this login session within the last ten minutes, a paper resumed a pass in this session (a
 * login elsewhere mid-exam is checked again); a pass a manager voided counts for nothing, and a
 * check still open anywhere in the class is passed first. Otherwise an exam check is opened (or
 * the open one given) — the learner takes it where his open checks are listed, then starts.
 * Undefined: he may start — and `admit` (the paper's insert) has run under the same lock, so a
 * manager's void of the pass either comes first (a new check is asked) or finds the paper and
 * voids it. Read and opened under the learner's lock (two starts at once open one check); a
 * class without exam checks takes no lock (a paper's saves ask every 20 s).
 */
export function createExamFaceGate(dialect: Dialect) {
  return async function examCheckDue(db: Db, job: ExamGateJob, now: () => number, admit?: (db: Db) => Promise<void>) {
    const rules = parseFaceCheckRules(job.classRules);
    if (!rules.enabled || !rules.beforeExam) {
      await admit?.(db);
      return undefined;
    }
    return db.transaction().execute(async (trx): Promise<{ checkId: string } | undefined> => {
      await lockPersonRows(trx, dialect, [job.personId]);
      const [open] = await findOpenChecks(trx, dialect, [job.trainPersonId]);
      if (open) return { checkId: open.id };
      const [pass] = await findLastPasses(trx, dialect, [job.trainPersonId]);
      const at = now();
      const trusted =
        pass &&
        Number(pass.voided) !== 1 &&
        pass.session_id === job.sessionId &&
        pass.passed_at !== null &&
        (job.resume || at - pass.passed_at <= EXAM_CHECK_FRESH_MS);
      if (trusted) {
        await admit?.(trx);
        return undefined;
      }
      const row = newCheckRow({ ...job, warpCourseId: null }, 'exam', rules, at);
      await insertCheck(trx, row);
      return { checkId: row.id };
    });
  };
}

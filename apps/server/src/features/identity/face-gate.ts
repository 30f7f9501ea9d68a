import crypto from 'node:crypto';
import type { FaceCheckRules } from '@anxun/shared/schemas/identity';
import type { Db } from '../../infra/database.js';
import type { FaceChecksTable } from '../../infra/db-schema.js';
import { parseFaceCheckRules } from './face-check-rules.js';
import {
  creditedSince,
  findLastPasses,
  findMembershipsOfWarps,
  findOpenChecks,
  insertCheck,
} from './identity.repository.js';

/** What the training feature's credit batcher asks for each report (its FaceGate). */
interface GateJob {
  personId: string;
  sessionId: string;
  warpCourseId: string;
}

export interface DueCheck {
  checkId: string;
  kind: FaceChecksTable['kind'];
  dueAt: number;
  windowEndsAt: number;
}

const toDue = (row: Pick<FaceChecksTable, 'id' | 'kind' | 'due_at' | 'window_ends_at'>): DueCheck => ({
  checkId: row.id,
  kind: row.kind,
  dueAt: row.due_at,
  windowEndsAt: row.window_ends_at,
});

async function openCheck(
  db: Db,
  job: GateJob,
  trainPersonId: string,
  kind: FaceChecksTable['kind'],
  rules: FaceCheckRules,
  now: number,
): Promise<DueCheck> {
  const row = {
    id: crypto.randomUUID(),
    person_id: job.personId,
    train_person_id: trainPersonId,
    kind,
    status: 'pending' as const,
    session_id: job.sessionId,
    warp_course_id: job.warpCourseId,
    due_at: now,
    window_ends_at: now + rules.windowSeconds * 1000,
    best_score: null,
    passed_at: null,
    next_after_seconds: null,
    created_at: now,
    updated_at: now,
  };
  await insertCheck(db, row);
  return toDue(row);
}

/**
 * The face-check gate the credit batcher consults, inside its transaction and under the
 * learners' locks. For a class that checks faces, a report meets a due check when:
 *  - a check is open (pending, failed, or missed its window) — until it passes;
 *  - no check has passed in this login session yet (at the start);
 *  - the credited study since the last pass reached its random threshold.
 * A unit watched to its end opens an end check. Classes without face checks always pass.
 */
export function createFaceGate() {
  async function load(db: Db, jobs: readonly GateJob[]) {
    const memberships = await findMembershipsOfWarps(db, [...new Set(jobs.map((j) => j.warpCourseId))]);
    const byWarp = new Map(
      memberships.map((m) => [m.warp_course_id, { ...m, rules: parseFaceCheckRules(m.rules) }] as const),
    );
    const checked = [
      ...new Set(memberships.filter((m) => byWarp.get(m.warp_course_id)!.rules.enabled).map((m) => m.train_person_id)),
    ];
    const [open, passes] = await Promise.all([findOpenChecks(db, checked), findLastPasses(db, checked)]);
    const openByMember = new Map<string, DueCheck>();
    for (const row of open)
      if (!openByMember.has(row.train_person_id)) openByMember.set(row.train_person_id, toDue(row));
    const passByMember = new Map(passes.map((p) => [p.train_person_id, p]));
    return { byWarp, openByMember, passByMember };
  }

  return {
    async checksDue(db: Db, jobs: readonly GateJob[], now: number): Promise<Array<DueCheck | undefined>> {
      const { byWarp, openByMember, passByMember } = await load(db, jobs);
      const results: Array<DueCheck | undefined> = [];
      for (const job of jobs) {
        const m = byWarp.get(job.warpCourseId);
        // not the learner's record, or no checks in this class: the batcher decides the rest
        if (!m || m.person_id !== job.personId || !m.rules.enabled) {
          results.push(undefined);
          continue;
        }
        const open = openByMember.get(m.train_person_id);
        if (open) {
          results.push(open);
          continue;
        }
        const pass = passByMember.get(m.train_person_id);
        let due: DueCheck | undefined;
        if (m.rules.atStart && (!pass || pass.session_id !== job.sessionId)) {
          due = await openCheck(db, job, m.train_person_id, 'start', m.rules, now);
        } else if (pass?.passed_at != null && m.rules.randomEveryMinutes > 0) {
          // the threshold drawn at the pass, or sooner if the class's interval was shortened since
          const longest = m.rules.randomEveryMinutes * 60;
          const threshold = Math.min(pass.next_after_seconds ?? longest, longest);
          const studied = await creditedSince(db, job.personId, m.train_person_id, pass.passed_at);
          if (studied >= threshold) due = await openCheck(db, job, m.train_person_id, 'random', m.rules, now);
        }
        if (due) openByMember.set(m.train_person_id, due);
        results.push(due);
      }
      return results;
    },

    async unitsCompleted(db: Db, jobs: readonly GateJob[], now: number): Promise<Array<DueCheck | undefined>> {
      const { byWarp, openByMember } = await load(db, jobs);
      const results: Array<DueCheck | undefined> = [];
      for (const job of jobs) {
        const m = byWarp.get(job.warpCourseId);
        if (!m || !m.rules.enabled || !m.rules.atEnd) {
          results.push(undefined);
          continue;
        }
        let due = openByMember.get(m.train_person_id);
        if (!due) {
          due = await openCheck(db, job, m.train_person_id, 'end', m.rules, now);
          openByMember.set(m.train_person_id, due);
        }
        results.push(due);
      }
      return results;
    },
  };
}

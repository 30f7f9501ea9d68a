import crypto from 'node:crypto';
import type { FaceCheckRules } from '@anxun/shared/schemas/identity';
import type { Db, Dialect } from '../../infra/database.js';
import type { FaceChecksTable } from '../../infra/db-schema.js';
import { parseFaceCheckRules } from '../../core/face-check-rules.js';
import { addCheckCredit, findLastPasses, findMembershipsOfWarps, findOpenChecks } from './face-gate.repository.js';
import { insertCheck } from './identity.repository.js';
import { inPeriod } from '../../core/class-period.js';

/**
 * Before a membership's first pass, its first random check comes after a share of the
 * interval fixed by the membership (so every report of it agrees): in the second half.
 */
function firstRandomThreshold(trainPersonId: string, longest: number): number {
  const hash = crypto.createHash('sha256').update(trainPersonId).digest();
  return Math.floor(longest / 2) + (hash.readUInt16BE(0) % (Math.ceil(longest / 2) + 1));
}

/**
 * Whether a membership's credited study since its last pass reached its random threshold: the
 * one drawn at that pass (or, before any, one fixed for the membership), never later than the
 * class's interval, which may have been shortened.
 */
function randomReached(
  m: { train_person_id: string; credited_since_pass: number; rules: FaceCheckRules },
  pass: { next_after_seconds: number | null } | undefined,
): boolean {
  if (m.rules.randomEveryMinutes <= 0) return false;
  const longest = m.rules.randomEveryMinutes * 60;
  const drawn = pass?.next_after_seconds ?? firstRandomThreshold(m.train_person_id, longest);
  return m.credited_since_pass >= Math.min(drawn, longest);
}

/** What the training feature's credit batcher asks for each report (its FaceGate). */
interface GateJob {
  personId: string;
  sessionId: string;
  warpCourseId: string;
  /** the report: a playback's last opens no check (see checksDue) */
  report?: { final?: boolean };
}

export interface DueCheck {
  checkId: string;
  kind: FaceChecksTable['kind'];
  dueAt: number;
  windowEndsAt: number;
  /** the courseware record it was opened on */
  warpCourseId: string | null;
}

const toDue = (
  row: Pick<FaceChecksTable, 'id' | 'kind' | 'due_at' | 'window_ends_at' | 'warp_course_id'>,
): DueCheck => ({
  checkId: row.id,
  kind: row.kind,
  dueAt: row.due_at,
  windowEndsAt: row.window_ends_at,
  warpCourseId: row.warp_course_id,
});

/** A check due now, its window the class's (the study gate's and the exam gate's alike). */
export function newCheckRow(
  who: { personId: string; trainPersonId: string; sessionId: string; warpCourseId: string | null },
  kind: FaceChecksTable['kind'],
  rules: FaceCheckRules,
  now: number,
) {
  return {
    id: crypto.randomUUID(),
    person_id: who.personId,
    train_person_id: who.trainPersonId,
    kind,
    status: 'pending' as const,
    session_id: who.sessionId,
    warp_course_id: who.warpCourseId,
    due_at: now,
    window_ends_at: now + rules.windowSeconds * 1000,
    best_score: null,
    passed_at: null,
    next_after_seconds: null,
    created_at: now,
    updated_at: now,
  };
}

async function openCheck(
  db: Db,
  job: GateJob,
  trainPersonId: string,
  kind: FaceChecksTable['kind'],
  rules: FaceCheckRules,
  now: number,
): Promise<DueCheck> {
  const row = newCheckRow({ ...job, trainPersonId }, kind, rules, now);
  await insertCheck(db, row);
  return toDue(row);
}

/** Whether a class's rules (its JSON text) check faces; one parse per text. */
function checksFaces(cache: Map<string, boolean>, rulesJson: string): boolean {
  let enabled = cache.get(rulesJson);
  if (enabled === undefined) {
    enabled = parseFaceCheckRules(rulesJson).enabled;
    cache.set(rulesJson, enabled);
  }
  return enabled;
}

/**
 * The face-check gate the credit batcher consults, inside its transaction and under the
 * learners' locks. For a class that checks faces, a report meets a due check when:
 *  - a check is open (pending, failed, or missed its window) — until it passes;
 *  - no check has passed in this login session yet (at the start);
 *  - the last pass was voided by a manager (核验审核): what it let in is taken back, and the
 *    study goes on only after a new check;
 *  - the credited study since the last pass (kept per membership as it is credited, and
 *    cleared by a pass) reached its random threshold. Study counts while the class checks
 *    faces, random checks or not (they may be turned on later); a class that checks none
 *    counts nothing, so checks turned on later count study from then.
 * A playback's last report (a tab closed) that meets a check due opens none here ('held'): its
 * window would run unseen; it is refused all the same, and the next playback's first report
 * opens it. (A threshold reached by a report sent as the player pauses opens none with it
 * either — see creditReached's caller — but the next report, whatever it says, meets it here:
 * a script that calls every report a pause gains one report's credit, no more.)
 * A unit watched to its end opens an end check. Classes without face checks always pass.
 */
export function createFaceGate(dialect: Dialect) {
  async function load(db: Db, jobs: readonly GateJob[]) {
    const memberships = await findMembershipsOfWarps(db, dialect, [...new Set(jobs.map((j) => j.warpCourseId))]);
    const byWarp = new Map(
      memberships.map((m) => [m.warp_course_id, { ...m, rules: parseFaceCheckRules(m.rules) }] as const),
    );
    const checked = [
      ...new Set(memberships.filter((m) => byWarp.get(m.warp_course_id)!.rules.enabled).map((m) => m.train_person_id)),
    ];
    const [open, passes] = await Promise.all([
      findOpenChecks(db, dialect, checked),
      findLastPasses(db, dialect, checked),
    ]);
    const openByMember = new Map<string, DueCheck>();
    for (const row of open)
      if (!openByMember.has(row.train_person_id)) openByMember.set(row.train_person_id, toDue(row));
    const passByMember = new Map(passes.map((p) => [p.train_person_id, p]));
    return { byWarp, openByMember, passByMember };
  }

  /** what checksDue read in a batch's transaction: creditReached goes on from it, reading nothing again */
  const loadedIn = new WeakMap<Db, Awaited<ReturnType<typeof load>>>();

  return {
    async checksDue(db: Db, jobs: readonly GateJob[], now: number): Promise<Array<DueCheck | 'held' | undefined>> {
      const loaded = await load(db, jobs);
      loadedIn.set(db, loaded);
      const { byWarp, openByMember, passByMember } = loaded;
      const results: Array<DueCheck | 'held' | undefined> = [];
      for (const job of jobs) {
        const m = byWarp.get(job.warpCourseId);
        // not the learner's record, no checks in this class, or the class outside its period
        // (nothing is credited, so nothing is checked): the batcher decides the rest
        if (!m || m.person_id !== job.personId || !m.rules.enabled || !inPeriod(m, now)) {
          results.push(undefined);
          continue;
        }
        const open = openByMember.get(m.train_person_id);
        if (open) {
          results.push(open);
          continue;
        }
        const pass = passByMember.get(m.train_person_id);
        // a pass a manager voided lets nothing more through: he is asked again at once
        const kind =
          m.rules.atStart && (!pass || pass.session_id !== job.sessionId || Number(pass.voided) === 1)
            ? ('start' as const)
            : Number(pass?.voided) === 1 || randomReached(m, pass)
              ? ('random' as const)
              : undefined;
        // a check due with a playback's last report (the page leaving): nobody is there to see
        // its window run, so none is opened — but the report is not credited either, and the
        // next playback's first report opens it
        if (kind && job.report?.final) {
          results.push('held');
          continue;
        }
        let due: DueCheck | undefined;
        if (kind) due = await openCheck(db, job, m.train_person_id, kind, m.rules, now);
        if (due) openByMember.set(m.train_person_id, due);
        results.push(due);
      }
      return results;
    },

    async credited(db: Db, credits: ReadonlyArray<{ trainPersonId: string; classRules: string; seconds: number }>) {
      const rules = new Map<string, boolean>();
      await addCheckCredit(
        db,
        dialect,
        credits
          .filter((c) => c.seconds > 0 && checksFaces(rules, c.classRules))
          .map((c) => ({ train_person_id: c.trainPersonId, seconds: c.seconds })),
      );
    },

    /**
     * When each report's learner last passed a check in a class that checks faces (what
     * checksDue read in this transaction): the batch starts the playback's clock there, so the
     * time a check took (the video waits for it) is not credited to a report sent after it.
     */
    passedAt(db: Db, jobs: readonly GateJob[]): Array<number | undefined> {
      const loaded = loadedIn.get(db);
      return jobs.map((job) => {
        const m = loaded?.byWarp.get(job.warpCourseId);
        const pass = m && loaded?.passByMember.get(m.train_person_id);
        return pass?.passed_at ?? undefined;
      });
    },

    /**
     * After the batch's credit is counted: a membership whose study since its last pass has
     * now reached the random threshold gets its check with the report that reached it (the
     * player pauses at once), not with the next one, whose 15 s would be refused.
     */
    async creditReached(
      db: Db,
      credited: ReadonlyArray<GateJob & { classRules: string; seconds: number }>,
      now: number,
    ): Promise<Array<DueCheck | undefined>> {
      // a batch of classes without face checks looks no further
      const rules = new Map<string, boolean>();
      if (!credited.some((c) => checksFaces(rules, c.classRules))) return credited.map(() => undefined);
      // the batch's own reading, before its credit (which is added here), else read now
      const before = loadedIn.get(db);
      const { byWarp, openByMember, passByMember } = before ?? (await load(db, credited));
      const results: Array<DueCheck | undefined> = [];
      for (const job of credited) {
        const m = byWarp.get(job.warpCourseId);
        let due: DueCheck | undefined;
        if (m && m.rules.enabled && !openByMember.has(m.train_person_id)) {
          const since = m.credited_since_pass + (before ? job.seconds : 0);
          if (randomReached({ ...m, credited_since_pass: since }, passByMember.get(m.train_person_id))) {
            due = await openCheck(db, job, m.train_person_id, 'random', m.rules, now);
            openByMember.set(m.train_person_id, due);
          }
        }
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

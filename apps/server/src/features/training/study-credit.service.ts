import { LearnStatus } from '@anxun/shared/constants';
import { v7 as uuidv7 } from 'uuid';
import { ErrorCode } from '@anxun/shared/errors';
import type { AppContext } from '../../app-context.js';
import { isCourseComplete, isCourseCompleteButUnits } from '../../core/course-completion.js';
import { parseExamRules } from '../../core/exam-rules.js';
import { parseDailyCapHours } from '../../core/class-rules.js';
import { inPeriod } from '../../core/class-period.js';
import { lockPersonRows } from '../../core/person.repository.js';
import { studyDay } from '../../core/study-day.js';
import { dayStart } from '../../core/record-time.js';
import { findSessionStates } from '../../core/session.repository.js';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/database.js';
import { decideCredit, type CreditDecision, type PlaybackState, type ProgressReport } from './credit-policy.js';
import {
  addCreditedOnDays,
  countCourseUnits,
  findCourseProgress,
  findCreditedOnDays,
  findPlaybacks,
  findWarpCoursesByIds,
  insertStudyEvents,
  savePlaybacks,
  type PlaybackRow,
  type WarpCourseRow,
} from './training.repository.js';
import { saveCourseProgress, saveWarpProgress } from '../../core/training-records.repository.js';
import { queueCertificateIssue } from '../../core/certificate-issue-queue.js';
import { countStudyStartOf } from './study-start.js';

export interface CreditJob {
  personId: string;
  /** the session the report came in on: a session replaced meanwhile earns nothing */
  sessionId: string;
  warpCourseId: string;
  report: ProgressReport;
  ip: string;
  userAgent: string | undefined;
  /** the request's id (x-request-id), kept on the study event */
  requestId?: string | undefined;
}

/** A face check the learner must pass before more time is credited. */
export interface FaceCheckDue {
  checkId: string;
  kind: 'start' | 'random' | 'end' | 'exam';
  dueAt: number;
  windowEndsAt: number;
  /** the courseware record it was opened on (an end check: the unit that ended) */
  warpCourseId: string | null;
}

export interface CreditOutcome {
  decision: CreditDecision;
  row: WarpCourseRow;
  /** a check that is due now: the player pauses for it */
  faceCheck: FaceCheckDue | undefined;
}

/** A membership's seconds credited by one batch, with its class's rules (JSON text). */
export interface MembershipCredit {
  trainPersonId: string;
  classRules: string;
  seconds: number;
}

/**
 * The face-check gate (identity feature), asked inside the batch's transaction: which
 * reports meet a check that is due or failed (no credit until it passes), what each
 * membership was credited (its study towards the next random check), and which units this
 * batch completed call for a check at their end. Without it every class passes.
 */
export interface FaceGate {
  /**
   * 'held': a check is due, but this report (a playback's last: the page leaving) opens none;
   * it is refused all the same, and the next playback's first report opens it
   */
  checksDue(db: Db, jobs: readonly CreditJob[], now: number): Promise<Array<FaceCheckDue | 'held' | undefined>>;
  credited(db: Db, credits: readonly MembershipCredit[]): Promise<void>;
  /** after `checksDue`, in its transaction: when each report's learner last passed a check */
  passedAt(db: Db, jobs: readonly CreditJob[]): Array<number | undefined>;
  /** after `credited`: the random checks the batch's credit made due, with the report that reached them */
  creditReached(
    db: Db,
    jobs: ReadonlyArray<CreditJob & { classRules: string; seconds: number }>,
    now: number,
  ): Promise<Array<FaceCheckDue | undefined>>;
  unitsCompleted(db: Db, jobs: readonly CreditJob[], now: number): Promise<Array<FaceCheckDue | undefined>>;
}
const noFaceCheck: FaceGate = {
  checksDue: async (_db, jobs) => jobs.map(() => undefined),
  credited: async () => {},
  passedAt: (_db, jobs) => jobs.map(() => undefined),
  creditReached: async (_db, jobs) => jobs.map(() => undefined),
  unitsCompleted: async (_db, jobs) => jobs.map(() => undefined),
};

/**
 * The playback's clock starts no earlier than the learner's last passed face check: the video
 * waits while he takes a check, and a report sent after it (a script silent meanwhile) is not
 * credited the time the check took.
 */
function clockFrom(playback: PlaybackState | undefined, passedAt: number | undefined): PlaybackState | undefined {
  return playback && passedAt !== undefined && passedAt > playback.lastReportAt
    ? { ...playback, lastReportAt: passedAt }
    : playback;
}

/** PostgreSQL batches in flight at once: each holds one of the pool's ten connections. */
const CONCURRENT_BATCHES_POSTGRES = 3;

type Pending = { job: CreditJob; resolve(o: CreditOutcome): void; reject(e: unknown): void };
type Result = { ok: CreditOutcome } | { error: AppError };

/**
 * Group commit: reports wait a few milliseconds and are decided and written in one
 * transaction, then all are answered once it is on disk. Each acknowledged report is durable
 * (SQLite's log flushed, PostgreSQL's synchronous commit) without one flush per request, and
 * the next batch is decided while the disk flushes this one.
 *
 * A batch costs a fixed handful of statements, not a handful per report: it locks its
 * learners (in id order, so two nodes' batches cannot deadlock), reads every record it
 * needs in one query per table, decides each report in arrival order against that state
 * (one learner's reports keep their order), then writes the changed records back.
 */
export class CreditBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  /** batches whose transaction is open, and the learners they hold */
  private running = 0;
  private busy = new Set<string>();
  /** batches committed whose flush to disk has not finished */
  private flushing = new Set<Promise<void>>();
  /** a batch queued a certificate job: the runner is told once the batch is committed */
  private certificatesQueued = false;
  private idleWaiters: Array<() => void> = [];
  /**
   * PostgreSQL works on several transactions at once (batches of different learners lock
   * different rows), so its round trips overlap; SQLite has one writer.
   */
  private readonly maxRunning: number;

  constructor(
    private readonly ctx: AppContext,
    private readonly faceGate: FaceGate = noFaceCheck,
  ) {
    this.maxRunning = ctx.dialect === 'postgres' ? CONCURRENT_BATCHES_POSTGRES : 1;
  }

  submit(job: CreditJob): Promise<CreditOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.schedule();
    });
  }

  /**
   * After this turn of the event loop, so the reports that arrived with this one join its
   * batch. No timer: reports that arrive while batches commit form the next one, so batches
   * grow with the load and a lone report waits for nothing.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.running < this.maxRunning && this.queue.length > 0) {
      const batch = this.takeBatch();
      // every learner waiting has a batch open: his reports go after it
      if (batch.length === 0) break;
      this.running += 1;
      for (const b of batch) this.busy.add(b.job.personId);
      void this.commit(batch).finally(() => {
        this.running -= 1;
        for (const b of batch) this.busy.delete(b.job.personId);
        if (this.queue.length > 0) this.schedule();
        else this.wakeIdle();
      });
    }
  }

  /**
   * The next batch: reports in arrival order of learners no open batch holds. A learner's
   * reports stay in order: once one of his is left for later, so are the rest.
   */
  private takeBatch(): Pending[] {
    const taken: Pending[] = [];
    const left: Pending[] = [];
    const leftFor = new Set<string>();
    for (const item of this.queue) {
      const person = item.job.personId;
      if (taken.length < this.ctx.config.study.batchMax && !this.busy.has(person) && !leftFor.has(person)) {
        taken.push(item);
      } else {
        left.push(item);
        leftFor.add(person);
      }
    }
    this.queue = left;
    return taken;
  }

  private wakeIdle(): void {
    if (this.scheduled || this.running > 0 || this.queue.length > 0 || this.flushing.size > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once every report submitted so far is decided, written and answered (the node is closing). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.wakeIdle();
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    if (batch.length === 0) return;
    const started = performance.now();
    let committed: { value: Result[]; durable: Promise<void> };
    try {
      committed = await this.ctx.groupCommit((trx) =>
        this.applyBatch(
          trx,
          batch.map((b) => b.job),
        ),
      );
    } catch (err) {
      this.certificatesQueued = false;
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // One bad report must not sink the others: retry each on its own.
      for (const item of batch) await this.commit([item]);
      return;
    }
    if (this.certificatesQueued) {
      this.certificatesQueued = false;
      this.ctx.jobs.kick();
    }
    const answered = committed.durable.then(
      () => {
        batch.forEach((b, i) => {
          const result = committed.value[i]!;
          if ('ok' in result) b.resolve(result.ok);
          else b.reject(result.error);
        });
        this.ctx.metrics.batch(batch.length, (performance.now() - started) / 1000);
      },
      // written but perhaps not on disk: no report of it is acknowledged
      (err: unknown) => {
        for (const b of batch) b.reject(err);
      },
    );
    this.flushing.add(answered);
    void answered
      .catch(() => undefined)
      .finally(() => {
        this.flushing.delete(answered);
        this.wakeIdle();
      });
  }

  /** the study day of the last batch and when it began (read once a day, not per batch) */
  private today = { day: '', start: 0 };

  private async applyBatch(trx: Db, jobs: CreditJob[]): Promise<Result[]> {
    const { study } = this.ctx.config;
    const { dialect } = this.ctx;
    const now = this.ctx.now();
    const day = studyDay(now, study.timeZone);
    // within a report's longest stretch (the idle limit) of midnight: the day before's credit too
    if (this.today.day !== day) this.today = { day, start: dayStart(day) };
    const sinceDayStart = (now - this.today.start) / 1000;
    const nearDayStart = sinceDayStart < study.idleLimitSeconds + study.slackSeconds;
    const personIds = [...new Set(jobs.map((j) => j.personId))];
    await lockPersonRows(trx, dialect, personIds);

    // Everything the decisions read, one query per table; then decided in memory.
    const [sessions, warps, playbackRows, creditedToday, gates, creditedDayBefore] = await Promise.all([
      findSessionStates(trx, dialect, [...new Set(jobs.map((j) => j.sessionId))]),
      findWarpCoursesByIds(trx, dialect, [...new Set(jobs.map((j) => j.warpCourseId))]),
      findPlaybacks(trx, dialect, personIds),
      findCreditedOnDays(trx, dialect, personIds, day),
      this.faceGate.checksDue(trx, jobs, now),
      nearDayStart
        ? findCreditedOnDays(trx, dialect, personIds, studyDay(dayStart(day) - 1, study.timeZone))
        : undefined,
    ]);
    const sessionById = new Map(sessions.map((s) => [s.id, s]));
    const warpById = new Map(warps.map((w) => [w.id, { ...w }]));
    const playbacks = new Map<string, PlaybackState>(
      playbackRows
        // a playback whose session has ended (logout, login elsewhere) holds nothing
        .filter((p) => p.session_revoked_at === null)
        .map((p) => [
          p.person_id,
          {
            playbackId: p.playback_id,
            warpId: p.warp_course_id,
            lastSeq: p.last_seq,
            lastReportAt: p.last_report_at,
            sessionId: p.session_id,
            ended: p.ended_at !== null,
          },
        ]),
    );

    const results: Result[] = [];
    const events: Parameters<typeof insertStudyEvents>[2] = [];
    const changedWarps = new Set<string>();
    const changedPlaybacks = new Set<string>();
    const creditedNow = new Map<string, number>();
    const creditedCourses = new Map<
      string,
      { trainPersonId: string; personId: string; classCourseId: string; seconds: number }
    >();
    const creditedMembers = new Map<string, MembershipCredit>();
    const completedJobs: Array<{ job: CreditJob; index: number }> = [];
    const closing: Array<{ unit: Parameters<typeof countStudyStartOf>[1]; playbackId: string; result: number }> = [];
    /** each membership's last credited report in the batch: the one a random check comes with */
    const lastCredited = new Map<string, { job: CreditJob & { classRules: string }; index: number }>();
    /** memberships whose unit this batch completed: their end check comes first */
    const endChecked = new Set<string>();

    // the platform's cap, or the class's when it is lower (read once per rules text)
    const caps = new Map<string, number>();
    const dailyCapOf = (rules: string) => {
      let cap = caps.get(rules);
      if (cap === undefined) {
        const hours = parseDailyCapHours(rules);
        cap = hours === null ? study.dailyCapSeconds : Math.min(study.dailyCapSeconds, Math.round(hours * 3600));
        caps.set(rules, cap);
      }
      return cap;
    };

    const passedAt = this.faceGate.passedAt(trx, jobs);
    jobs.forEach((job, i) => {
      const session = sessionById.get(job.sessionId);
      // A login elsewhere since this report was authenticated ends this device's study.
      if (!session || session.revoked_at !== null) {
        const replaced = session?.revoked_reason === 'replaced';
        results.push({ error: new AppError(replaced ? ErrorCode.LOGGED_IN_ELSEWHERE : ErrorCode.UNAUTHORIZED) });
        return;
      }
      const row = warpById.get(job.warpCourseId);
      // someone else's record is as absent as a missing one
      if (!row || row.person_id !== job.personId) {
        results.push({ error: new AppError(ErrorCode.NOT_FOUND, '学习记录不存在') });
        return;
      }
      const decision = decideCredit({
        report: job.report,
        sessionId: job.sessionId,
        warp: {
          warpId: row.id,
          duration: row.duration_seconds,
          furthest: row.furthest_seconds,
          lastPosition: row.last_position,
        },
        playback: clockFrom(playbacks.get(job.personId), passedAt[i]),
        creditedTodaySeconds: (creditedToday.get(job.personId) ?? 0) + (creditedNow.get(job.personId) ?? 0),
        ...(creditedDayBefore && {
          dayBefore: {
            sinceDayStartSeconds: sinceDayStart,
            creditedSeconds: creditedDayBefore.get(job.personId) ?? 0,
          },
        }),
        faceGate: gates[i] ? 'due' : 'ok',
        inPeriod: inPeriod(row, now),
        now,
        rules: {
          idleLimitSeconds: study.idleLimitSeconds,
          dailyCapSeconds: dailyCapOf(row.class_rules),
          slackSeconds: study.slackSeconds,
          completionToleranceSeconds: study.completionToleranceSeconds,
        },
      });
      if (decision.playback) {
        playbacks.set(job.personId, decision.playback);
        changedPlaybacks.add(job.personId);
      }
      const credited = decision.creditedSeconds;
      const completedNow = decision.completed && row.learn_status !== LearnStatus.COMPLETED;
      row.study_length += credited;
      row.furthest_seconds = decision.furthest;
      // a refused stretch is watched again: resume from the furthest credited point
      row.last_position = decision.lastPosition;
      row.learn_status = decision.completed
        ? LearnStatus.COMPLETED
        : credited > 0 || row.learn_status === LearnStatus.STUDYING
          ? LearnStatus.STUDYING
          : row.learn_status;
      // a report comes as its stretch ends: the study began its credited seconds before
      row.start_time ??= credited > 0 ? now - Math.round(credited * 1000) : null;
      // 最近学习 is study the record counts (as its course's and the console's 最后学习): a refused
      // report (hidden, skipped ahead, a check due) is not study
      if (credited > 0) row.last_learn_date = now;
      if (completedNow) row.end_time = now;
      changedWarps.add(row.id);
      if (credited > 0) {
        creditedNow.set(job.personId, (creditedNow.get(job.personId) ?? 0) + credited);
        const key = `${row.train_person_id}/${row.class_course_id}`;
        const course = creditedCourses.get(key);
        if (course) course.seconds += credited;
        else
          creditedCourses.set(key, {
            trainPersonId: row.train_person_id,
            personId: job.personId,
            classCourseId: row.class_course_id,
            seconds: credited,
          });
        // not a leaving page's last report, nor a pause's (a screen locked, a tab closing): the
        // next report (as playing resumes, or the next playback's first) opens the check, with
        // the learner there to see its window run (the face gate's checksDue)
        if (!job.report.final && !job.report.paused) {
          lastCredited.set(row.train_person_id, {
            job: { ...job, classRules: row.class_rules },
            index: results.length,
          });
        }
        const member = creditedMembers.get(row.train_person_id);
        if (member) member.seconds += credited;
        else
          creditedMembers.set(row.train_person_id, {
            trainPersonId: row.train_person_id,
            classRules: row.class_rules,
            seconds: credited,
          });
      }
      events.push({
        // time-ordered: a batch's new keys go to the end of the key index, not a random page each
        id: uuidv7(),
        person_id: job.personId,
        warp_course_id: row.id,
        playback_id: job.report.playbackId,
        seq: job.report.seq,
        reported_position: job.report.position,
        reported_rate: job.report.rate,
        hidden: job.report.hidden ? 1 : 0,
        credited_seconds: credited,
        refusal: decision.refusal ?? null,
        ip: job.ip,
        user_agent: job.userAgent?.slice(0, 300) ?? null,
        request_id: job.requestId ?? null,
        session_id: job.sessionId,
        created_at: now,
      });
      if (completedNow) completedJobs.push({ job, index: results.length });
      // a page closing (a reload, the tab shut) never reads this answer to ask for its study
      // start: a playback's last report counts it here
      if (job.report.final) {
        closing.push({
          unit: { warpCourseId: row.id, durationSeconds: row.duration_seconds, personId: job.personId },
          playbackId: job.report.playbackId,
          result: results.length,
        });
      }
      const gate = gates[i];
      results.push({ ok: { decision, row: { ...row }, faceCheck: gate === 'held' ? undefined : gate } });
    });

    await saveWarpProgress(
      trx,
      this.ctx.dialect,
      [...changedWarps].map((id) => warpById.get(id)!),
    );
    await savePlaybacks(
      trx,
      this.ctx.dialect,
      [...changedPlaybacks].map((personId): PlaybackRow => {
        const p = playbacks.get(personId)!;
        return {
          person_id: personId,
          playback_id: p.playbackId,
          warp_course_id: p.warpId,
          last_seq: p.lastSeq,
          last_report_at: p.lastReportAt,
          session_id: p.sessionId,
          ended_at: p.ended ? now : null,
        };
      }),
    );
    await addCreditedOnDays(
      trx,
      this.ctx.dialect,
      [...creditedNow].map(([personId, seconds]) => ({ person_id: personId, day, credited_seconds: seconds })),
    );
    await this.updateCourses(trx, [...creditedCourses.values()], now);
    await insertStudyEvents(trx, this.ctx.dialect, events);
    for (const c of closing) {
      if (!(await countStudyStartOf(trx, c.unit, c.playbackId, now, false))) continue;
      // the answer's record says it (the page keeps the record it is sent)
      const result = results[c.result];
      if (result && 'ok' in result) result.ok.row.study_count += 1;
    }
    await this.faceGate.credited(trx, [...creditedMembers.values()]);
    if (completedJobs.length > 0) {
      const ends = await this.faceGate.unitsCompleted(
        trx,
        completedJobs.map((c) => c.job),
        now,
      );
      completedJobs.forEach((c, k) => {
        const result = results[c.index];
        if (ends[k] && result && 'ok' in result) {
          result.ok.faceCheck = ends[k];
          endChecked.add(result.ok.row.train_person_id);
        }
      });
    }
    // a random check due after this batch's credit, unless an end check was opened for it
    const reached = [...lastCredited].filter(([member]) => !endChecked.has(member));
    if (reached.length > 0) {
      const dues = await this.faceGate.creditReached(
        trx,
        reached.map(([member, c]) => ({ ...c.job, seconds: creditedMembers.get(member)?.seconds ?? 0 })),
        now,
      );
      reached.forEach(([, c], k) => {
        const result = results[c.index];
        if (dues[k] && result && 'ok' in result) result.ok.faceCheck ??= dues[k];
      });
    }
    return results;
  }

  /**
   * The course records: credited time, status; complete when every unit is and the 学时 are met.
   * A course completed here may complete its class: the learner's certificate is queued.
   */
  private async updateCourses(
    trx: Db,
    credited: Array<{ trainPersonId: string; personId: string; classCourseId: string; seconds: number }>,
    now: number,
  ): Promise<void> {
    if (credited.length === 0) return;
    const { dialect } = this.ctx;
    const { secondsPerClassHour } = this.ctx.config.study;
    const courses = await findCourseProgress(trx, dialect, [...new Set(credited.map((c) => c.trainPersonId))]);
    // a batch holds hundreds of learners: look records up by key, not by scanning
    const courseByKey = new Map(courses.map((c) => [`${c.train_person_id}/${c.class_course_id}`, c]));
    const studied = credited.flatMap(({ trainPersonId, personId, classCourseId, seconds }) => {
      const course = courseByKey.get(`${trainPersonId}/${classCourseId}`);
      if (!course) return [];
      const done = {
        studiedSeconds: course.studied_seconds + seconds,
        classHours: course.class_hours,
        secondsPerClassHour,
        examRequired: parseExamRules(course.rules).required,
        examPassed: course.exam_passed_at !== null,
      };
      // only a course not yet complete whose 学时 (and exam) are met waits on its units: most
      // reports add to a course short of its hours, and its units are not counted for them
      return [
        {
          course,
          personId,
          done,
          seconds,
          unitsDecide: course.learn_status !== LearnStatus.COMPLETED && isCourseCompleteButUnits(done),
        },
      ];
    });
    // counted after the courseware records are written, so the units' states are this batch's
    const units = await countCourseUnits(trx, dialect, [
      ...new Set(studied.filter((s) => s.unitsDecide).map((s) => s.course.train_person_id)),
    ]);
    const unitCounts = new Map(
      units.map((u) => [`${u.train_person_id}/${u.class_course_id}`, { total: u.units, completed: u.completed }]),
    );
    const changed: Parameters<typeof saveCourseProgress>[2][number][] = [];
    const completedBy = new Map<string, string>();
    for (const { course, personId, done, unitsDecide, seconds } of studied) {
      const complete =
        unitsDecide &&
        isCourseComplete({
          ...done,
          units: unitCounts.get(`${course.train_person_id}/${course.class_course_id}`) ?? { total: 0, completed: 0 },
        });
      changed.push({
        id: course.id,
        studied_seconds: done.studiedSeconds,
        // a course completed meanwhile (an exam handed in) stays complete
        learn_status:
          complete || course.learn_status === LearnStatus.COMPLETED ? LearnStatus.COMPLETED : LearnStatus.STUDYING,
        start_time: course.start_time ?? now - Math.round(seconds * 1000),
        last_learn_date: now,
        end_time: complete ? now : course.end_time,
      });
      if (complete) completedBy.set(course.train_person_id, personId);
    }
    await saveCourseProgress(trx, this.ctx.dialect, changed);
    for (const [trainPersonId, personId] of completedBy) {
      // the runner is told once the batch is committed (commit), when the job can be seen
      if (await queueCertificateIssue(trx, { trainPersonId, personId }, now)) this.certificatesQueued = true;
    }
  }
}

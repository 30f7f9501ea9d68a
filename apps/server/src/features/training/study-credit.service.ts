import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { lockPersonRow } from '../../core/person.repository.js';
import type { Db } from '../../infra/database.js';
import { decideCredit, type CreditDecision, type ProgressReport, type Refusal } from './credit-policy.js';
import {
  addCreditedOnDay,
  findCreditedOnDay,
  findPlayback,
  findWarpCourse,
  savePlayback,
  type WarpCourseRow,
} from './training.repository.js';

export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  REPLAY: '重复的进度上报，未计入学时',
  OTHER_PLAYBACK: '您正在其他窗口或设备上学习，本窗口不计学时',
  FACE_CHECK_DUE: '请先完成人脸核验，核验通过前不计学时',
  HIDDEN: '页面不在前台，本段未计入学时',
  RATE: '倍速播放不计学时',
  IDLE: '长时间未操作，本段未计入学时',
  SEEK: '超过已学进度的部分需要完整观看，本段未计入学时',
  DAILY_CAP: '今日学时已达上限，明天再来学习吧',
};

export interface CreditJob {
  personId: string;
  warpCourseId: string;
  report: ProgressReport;
  ip: string;
  userAgent: string | undefined;
}

export interface CreditOutcome {
  decision: CreditDecision;
  row: WarpCourseRow;
}

/** The face-check gate of the identity issue; until it lands every class passes. */
export type FaceGate = (db: Db, personId: string, warpCourseId: string) => Promise<'ok' | 'due'>;
const noFaceCheck: FaceGate = async () => 'ok';

/** 'YYYY-MM-DD' of the study day in the configured time zone. */
export function studyDay(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/**
 * Group commit: reports wait a few milliseconds and are decided and written in one
 * transaction, then all are answered. Each acknowledged report is durable (SQLite WAL with
 * synchronous=FULL, PostgreSQL's synchronous commit) without one fsync per request.
 * Learners are locked in sorted order, so two batches on two nodes cannot deadlock; one
 * learner's reports keep their order.
 */
export class CreditBatcher {
  private queue: Array<{ job: CreditJob; resolve(o: CreditOutcome): void; reject(e: unknown): void }> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly faceGate: FaceGate = noFaceCheck,
  ) {}

  submit(job: CreditJob): Promise<CreditOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (this.queue.length >= this.ctx.config.study.batchMax) this.schedule(0);
      else this.schedule(this.ctx.config.study.batchDelayMs);
    });
  }

  private schedule(delay: number): void {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const batch = this.queue;
      this.queue = [];
      // one batch at a time: the next waits for the previous commit
      this.flushing = this.flushing.then(() => this.commit(batch));
    }, delay);
  }

  private async commit(batch: typeof this.queue): Promise<void> {
    if (batch.length === 0) return;
    try {
      const outcomes = await this.ctx.db.transaction().execute(async (trx) => {
        for (const personId of [...new Set(batch.map((b) => b.job.personId))].sort()) {
          await lockPersonRow(trx, personId);
        }
        const results: CreditOutcome[] = [];
        for (const { job } of batch) results.push(await this.apply(trx, job));
        return results;
      });
      batch.forEach((b, i) => b.resolve(outcomes[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // One bad report must not sink the others: retry each on its own.
      for (const item of batch) await this.commit([item]);
    }
  }

  private async apply(trx: Db, job: CreditJob): Promise<CreditOutcome> {
    const { study } = this.ctx.config;
    const now = this.ctx.now();
    const row = await findWarpCourse(trx, job.warpCourseId);
    if (!row) throw new Error('courseware record vanished');
    const playbackRow = await findPlayback(trx, job.personId);
    const day = studyDay(now, study.timeZone);
    const decision = decideCredit({
      report: job.report,
      warp: { warpId: row.id, duration: row.duration_seconds, furthest: row.furthest_seconds },
      playback: playbackRow && {
        playbackId: playbackRow.playback_id,
        warpId: playbackRow.warp_course_id,
        lastSeq: playbackRow.last_seq,
        lastReportAt: playbackRow.last_report_at,
      },
      creditedTodaySeconds: await findCreditedOnDay(trx, job.personId, day),
      faceGate: await this.faceGate(trx, job.personId, row.id),
      now,
      rules: {
        idleLimitSeconds: study.idleLimitSeconds,
        dailyCapSeconds: study.dailyCapSeconds,
        slackSeconds: study.slackSeconds,
        completionToleranceSeconds: study.completionToleranceSeconds,
      },
    });

    if (decision.playback) {
      await savePlayback(trx, {
        person_id: job.personId,
        playback_id: decision.playback.playbackId,
        warp_course_id: decision.playback.warpId,
        last_seq: decision.playback.lastSeq,
        last_report_at: decision.playback.lastReportAt,
      });
    }
    const credited = decision.creditedSeconds;
    const completedNow = decision.completed && row.learn_status !== 2;
    const accepted = decision.refusal === undefined;
    await trx
      .updateTable('train_warp_courses')
      .set((eb) => ({
        study_length: eb('study_length', '+', credited),
        furthest_seconds: decision.furthest,
        // a refused stretch is watched again: resume from the furthest credited point
        last_position: accepted ? Math.min(job.report.position, row.duration_seconds) : decision.furthest,
        learn_status: decision.completed ? 2 : credited > 0 || row.learn_status === 1 ? 1 : row.learn_status,
        start_time: row.start_time ?? (credited > 0 ? now : null),
        last_learn_date: now,
        end_time: completedNow ? now : row.end_time,
      }))
      .where('id', '=', row.id)
      .execute();
    if (credited > 0) {
      await addCreditedOnDay(trx, job.personId, day, credited);
      await this.updateCourse(trx, row, credited, now);
    }
    await trx
      .insertInto('study_events')
      .values({
        id: crypto.randomUUID(),
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
        created_at: now,
      })
      .execute();
    const updated = await findWarpCourse(trx, row.id);
    return { decision, row: updated ?? row };
  }

  /** The course record: credited time, status; complete when every unit is and the 学时 are met. */
  private async updateCourse(trx: Db, row: WarpCourseRow, credited: number, now: number): Promise<void> {
    const course = await trx
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
      .select(['pc.id', 'pc.studied_seconds', 'pc.start_time', 'pc.learn_status', 'cc.class_hours'])
      .where('pc.train_person_id', '=', row.train_person_id)
      .where('pc.class_course_id', '=', row.class_course_id)
      .executeTakeFirst();
    if (!course) return;
    const units = await trx
      .selectFrom('train_warp_courses')
      .select('learn_status')
      .where('train_person_id', '=', row.train_person_id)
      .where('class_course_id', '=', row.class_course_id)
      .execute();
    const studied = course.studied_seconds + credited;
    const hoursMet = studied >= course.class_hours * this.ctx.config.study.secondsPerClassHour - 1;
    const complete = units.every((u) => u.learn_status === 2) && hoursMet;
    await trx
      .updateTable('train_person_courses')
      .set({
        studied_seconds: studied,
        learn_status: complete ? 2 : 1,
        start_time: course.start_time ?? now,
        last_learn_date: now,
        ...(complete && course.learn_status !== 2 ? { end_time: now } : {}),
      })
      .where('id', '=', course.id)
      .execute();
  }
}

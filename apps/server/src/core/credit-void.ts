import crypto from 'node:crypto';
import { LearnStatus } from '@anxun/shared/constants';
import type { Db } from '../infra/database.js';
import { countUnits, isCourseComplete } from './course-completion.js';
import { parseExamRules } from './exam-rules.js';
import { studyDay } from './study-day.js';

/** The refusal code of a compensating study event: credit taken back by a voided face check. */
export const VOIDED = 'VOIDED';

/**
 * Takes back the credit a membership earned after `since` — the moment its learner's identity
 * was last trusted (issue: Console III, voiding a face check). Nothing is deleted: each unit
 * record that earned credit since then gets compensating study events (negative seconds,
 * refusal VOIDED), one for each day it earned on, dated on that day, so study_events still sums
 * to what stands, day by day; the unit's furthest point returns
 * to where it stood at `since` (the learner studies that stretch again, and is credited again);
 * unit and course records are recomputed from the events. The learner's study days (his 今日, his
 * 14-day chart, the daily cap) give back what they counted of it, on the days it was earned.
 * Returns the seconds taken back. Call inside a transaction that holds the learner's rows.
 */
export async function voidCreditSince(
  db: Db,
  input: {
    trainPersonId: string;
    personId: string;
    since: number;
    /** what the compensating events are filed under (the voided check) */
    reference: string;
    toleranceSeconds: number;
    secondsPerClassHour: number;
    /** the study days' zone */
    timeZone: string;
  },
): Promise<number> {
  const units = await db
    .selectFrom('train_warp_courses as w')
    .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
    .select([
      'w.id',
      'w.class_course_id',
      'w.learn_status',
      'w.furthest_seconds',
      'w.last_position',
      'w.end_time',
      'cw.duration_seconds',
    ])
    .where('w.train_person_id', '=', input.trainPersonId)
    .execute();
  if (units.length === 0) return 0;
  const sums = await db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
    .select((eb) => [
      'e.warp_course_id',
      eb.fn.sum<number>('e.credited_seconds').as('total'),
      eb.fn
        .sum<number>(eb.case().when('e.created_at', '>', input.since).then(eb.ref('e.credited_seconds')).else(0).end())
        .as('since'),
      eb.fn
        .max<number>(
          eb
            .case()
            .when(eb.and([eb('e.created_at', '<=', input.since), eb('e.credited_seconds', '>', 0)]))
            .then(eb.ref('e.reported_position'))
            .end(),
        )
        .as('furthest_before'),
    ])
    .where('w.train_person_id', '=', input.trainPersonId)
    .groupBy('e.warp_course_id')
    .execute();
  const sumOf = new Map(sums.map((s) => [s.warp_course_id, s]));

  let voided = 0;
  const netOf = new Map<string, number>();
  const furthestOf = new Map<string, number>();
  const lengthOf = new Map<string, number>();
  const statusOf = new Map<string, number>();
  for (const u of units) {
    const s = sumOf.get(u.id);
    const total = Number(s?.total ?? 0);
    const net = Math.round(Number(s?.since ?? 0) * 1000) / 1000;
    lengthOf.set(u.id, Math.max(0, total - Math.max(0, net)));
    statusOf.set(u.id, u.learn_status);
    if (net <= 0) continue;
    netOf.set(u.id, net);
    // where it stood at `since`: the furthest point moves by credit only (credit-policy), so it
    // is the credit that stands — the last credited report's playhead may be up to the slack
    // ahead of it, ground never credited
    const furthest = Math.min(u.furthest_seconds, Number(s?.furthest_before ?? 0), lengthOf.get(u.id)!);
    furthestOf.set(u.id, furthest);
    const complete = u.duration_seconds > 0 && furthest >= u.duration_seconds - input.toleranceSeconds;
    const status = complete
      ? LearnStatus.COMPLETED
      : furthest > 0 || lengthOf.get(u.id)! > 0
        ? LearnStatus.STUDYING
        : LearnStatus.NOT_STARTED;
    statusOf.set(u.id, status);
    await db
      .updateTable('train_warp_courses')
      .set({
        study_length: lengthOf.get(u.id)!,
        furthest_seconds: furthest,
        last_position: Math.min(u.last_position, furthest),
        learn_status: status,
        end_time: complete ? u.end_time : null,
      })
      .where('id', '=', u.id)
      .execute();
    voided += net;
  }
  if (voided === 0) return 0;
  await takeBackByDay(db, input, netOf, furthestOf);

  // the course records, from their units
  const courses = await db
    .selectFrom('train_person_courses as pc')
    .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
    .innerJoin('train_classes as c', 'c.id', 'cc.class_id')
    .select([
      'pc.id',
      'pc.class_course_id',
      'pc.learn_status',
      'pc.exam_passed_at',
      'pc.sys_score',
      'pc.end_time',
      'cc.class_hours',
      'c.rules',
    ])
    .where('pc.train_person_id', '=', input.trainPersonId)
    .execute();
  for (const c of courses) {
    const mine = units.filter((u) => u.class_course_id === c.class_course_id);
    const studied = mine.reduce((sum, u) => sum + (lengthOf.get(u.id) ?? 0), 0);
    const statuses = mine.map((u) => statusOf.get(u.id) ?? u.learn_status);
    const complete = isCourseComplete({
      units: countUnits(statuses),
      studiedSeconds: studied,
      classHours: c.class_hours,
      secondsPerClassHour: input.secondsPerClassHour,
      // a course completed with no pass on record was completed before its class required the
      // exam: it is judged as it was completed (by its study alone)
      examRequired:
        parseExamRules(c.rules).required && !(c.learn_status === LearnStatus.COMPLETED && c.exam_passed_at === null),
      examPassed: c.exam_passed_at !== null,
    });
    await db
      .updateTable('train_person_courses')
      .set({
        studied_seconds: studied,
        learn_status: complete
          ? LearnStatus.COMPLETED
          : // an exam sat is the course begun, whatever study is taken back
            statuses.some((s) => s !== LearnStatus.NOT_STARTED) || studied > 0 || c.sys_score !== null
            ? LearnStatus.STUDYING
            : LearnStatus.NOT_STARTED,
        end_time: complete ? c.end_time : null,
      })
      .where('id', '=', c.id)
      .execute();
  }
  return Math.round(voided * 1000) / 1000;
}

type CreditEvent = { created_at: number; credited_seconds: number };

/**
 * The study days whose credit a void takes back, and how much of each. A unit's `net` seconds
 * since the last trusted moment are the latest credit it still holds: its events since then
 * are walked in time order, each credit piled on its day and each earlier compensation taking
 * back the latest of the pile (a void takes back everything after its own moment, so the latest
 * first); `net` is then taken from the top of what is left.
 */
export function daysTakenBack(events: readonly CreditEvent[], net: number, timeZone: string): Map<string, number> {
  const pile: Array<{ day: string; seconds: number }> = [];
  for (const e of events) {
    if (e.credited_seconds > 0) {
      const day = studyDay(e.created_at, timeZone);
      const top = pile.at(-1);
      if (top?.day === day) top.seconds += e.credited_seconds;
      else pile.push({ day, seconds: e.credited_seconds });
    } else if (e.credited_seconds < 0) {
      takeFromTop(pile, -e.credited_seconds);
    }
  }
  const taken = new Map<string, number>();
  for (const [day, seconds] of takeFromTop(pile, net)) taken.set(day, (taken.get(day) ?? 0) + seconds);
  return taken;
}

function takeFromTop(pile: Array<{ day: string; seconds: number }>, seconds: number): Array<[string, number]> {
  const taken: Array<[string, number]> = [];
  let left = seconds;
  while (left > 1e-9 && pile.length > 0) {
    const top = pile.at(-1)!;
    const part = Math.min(top.seconds, left);
    taken.push([top.day, part]);
    top.seconds -= part;
    left -= part;
    if (top.seconds <= 1e-9) pile.pop();
  }
  return taken;
}

/**
 * Writes the compensating events and gives the learner's study days back what the void took,
 * each on the day it was earned: a unit's compensation is one event per such day, dated at the
 * last credit of that day it takes back, so every report over a period (班级学习情况 from–to,
 * 部门汇总, the dashboard's days) loses it from the days it was counted in — not from the day
 * of the void, which would leave revoked credit in the period studied and a negative day
 * after. The void's own moment is on its review (face_check_reviews), the events name it.
 */
async function takeBackByDay(
  db: Db,
  input: { personId: string; since: number; reference: string; timeZone: string },
  netOf: Map<string, number>,
  furthestOf: Map<string, number>,
): Promise<void> {
  const events = await db
    .selectFrom('study_events')
    .select(['warp_course_id', 'created_at', 'credited_seconds'])
    .where('warp_course_id', 'in', [...netOf.keys()])
    .where('created_at', '>', input.since)
    .where('credited_seconds', '!=', 0)
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
  const perDay = new Map<string, number>();
  let seq = 0;
  for (const [unitId, net] of netOf) {
    const mine = events.filter((e) => e.warp_course_id === unitId);
    const days = [...daysTakenBack(mine, net, input.timeZone)];
    let left = net;
    for (const [n, [day, seconds]] of days.entries()) {
      perDay.set(day, (perDay.get(day) ?? 0) + seconds);
      // the parts add up to the net exactly (each rounded as credit is, the last what is left)
      const part = n === days.length - 1 ? Math.round(left * 1000) / 1000 : Math.round(seconds * 1000) / 1000;
      left -= part;
      const last = Math.max(
        ...mine
          .filter((e) => e.credited_seconds > 0 && studyDay(e.created_at, input.timeZone) === day)
          .map((e) => e.created_at),
      );
      await db
        .insertInto('study_events')
        .values({
          id: crypto.randomUUID(),
          person_id: input.personId,
          warp_course_id: unitId,
          playback_id: `void:${input.reference}`,
          seq: ++seq,
          reported_position: furthestOf.get(unitId)!,
          reported_rate: 1,
          hidden: 0,
          credited_seconds: -part,
          refusal: VOIDED,
          ip: null,
          user_agent: null,
          // just after the credit it follows (a later void walks the events in time order)
          created_at: studyDay(last + 1, input.timeZone) === day ? last + 1 : last,
        })
        .execute();
    }
  }
  if (perDay.size === 0) return;
  const rows = await db
    .selectFrom('study_days')
    .select(['day', 'credited_seconds'])
    .where('person_id', '=', input.personId)
    .where('day', 'in', [...perDay.keys()])
    .execute();
  for (const row of rows) {
    const left = Math.max(0, Math.round((row.credited_seconds - perDay.get(row.day)!) * 1000) / 1000);
    await db
      .updateTable('study_days')
      .set({ credited_seconds: left })
      .where('person_id', '=', input.personId)
      .where('day', '=', row.day)
      .execute();
  }
}

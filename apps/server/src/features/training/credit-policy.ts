/**
 * Study-time crediting (DESIGN.md "Study-time integrity"): the server, not the player,
 * decides how many seconds a progress report earns. Pure: the caller loads the state,
 * passes the server's clock, stores the result and appends the decision as a study event.
 *
 * A report earns at most
 *  - the wall-clock time since this playback's previous accepted report,
 *  - the new ground it covers beyond the furthest point already watched (re-watching
 *    earns nothing), and
 *  - what is left of the learner's daily cap,
 * and nothing outside the class's training period (before its start date, after its end
 * date, or once it is closed: what a regulator reads is the study of the class's period),
 * when the rate is above 1×, the page was hidden, another
 * playback of the learner is live (a new playback of the same login session takes over
 * instead), the report is a replay, or a face check is due.
 * A report after a gap longer than the idle limit earns at most one report's interval and the
 * slack (what the player, which stops at an unanswered report, can have covered; ground it
 * played ahead of credit before the gap is paid out of that too); one with no new ground is
 * refused as IDLE.
 * The furthest point moves only by what was credited (the slack for jitter is not ground
 * gained). A refused report never moves the furthest point: that part must be watched again, so the
 * player rewinds to the furthest point the answer carries. (A paused player reports when it
 * resumes: an IDLE answer then only restarts the clock, and nothing watched is lost.)
 */
import {
  REQUEST_TIMEOUT_MS,
  STUDY_IDLE_LIMIT_SECONDS,
  STUDY_JITTER_SECONDS,
  STUDY_REPORT_EVERY_SECONDS,
  STUDY_SLACK_SECONDS,
} from '@anxun/shared/constants';

export type Refusal =
  'REPLAY' | 'OTHER_PLAYBACK' | 'CLASS_PERIOD' | 'FACE_CHECK_DUE' | 'HIDDEN' | 'RATE' | 'IDLE' | 'SEEK' | 'DAILY_CAP';

export interface ProgressReport {
  playbackId: string;
  /** 1, 2, 3 … per playback */
  seq: number;
  /** playhead, seconds */
  position: number;
  rate: number;
  hidden: boolean;
  /** the playback's last report (unit end, unit change, page leave): credited, then the playback ends */
  final?: boolean | undefined;
  /** sent as the player paused: credited like any other, but a random check it makes due opens with the next report */
  paused?: boolean | undefined;
}

/** The learner's live playback (one at a time, across all courseware). */
export interface PlaybackState {
  playbackId: string;
  warpId: string;
  lastSeq: number;
  /** server time (ms) of the last report this playback made */
  lastReportAt: number;
  /** the login session it plays in (null: unknown, from before sessions were recorded) */
  sessionId: string | null;
  /** ended by its final report: it holds nothing */
  ended: boolean;
}

export interface WarpState {
  warpId: string;
  /** seconds */
  duration: number;
  /** furthest point watched with credit, seconds */
  furthest: number;
  /**
   * the playhead of the last report that was not refused (seconds; absent: the furthest
   * point): a report's step is measured from here, so the part of the ground a report covered
   * ahead of its time (jitter) is not counted against the next report again
   */
  lastPosition?: number;
}

export interface CreditRules {
  /** a gap longer than this between reports earns at most one report's interval */
  idleLimitSeconds: number;
  dailyCapSeconds: number;
  /** jitter allowed between player and server clocks and positions */
  slackSeconds: number;
  /** a unit is complete when furthest ≥ duration − this */
  completionToleranceSeconds: number;
}

export const DEFAULT_CREDIT_RULES: CreditRules = {
  idleLimitSeconds: STUDY_IDLE_LIMIT_SECONDS,
  dailyCapSeconds: 8 * 3600,
  slackSeconds: STUDY_SLACK_SECONDS,
  completionToleranceSeconds: 3,
};

export interface CreditInput {
  report: ProgressReport;
  /** the login session the report came in on */
  sessionId: string;
  warp: WarpState;
  /** the learner's live playback, if any (the caller leaves out one whose session ended) */
  playback: PlaybackState | undefined;
  creditedTodaySeconds: number;
  /**
   * Just after the study day began (within a report's longest stretch of it): how long ago it
   * began and what the day before credited — a report's stretch before midnight counts against
   * the day before's cap, not the new day's (a learner capped yesterday earned the last seconds
   * before midnight again at 00:00). Absent: the stretch is all today.
   */
  dayBefore?: { sinceDayStartSeconds: number; creditedSeconds: number };
  /** from the identity gate: 'ok', or a check due/failed */
  faceGate: 'ok' | 'due';
  /** whether the class is within its training period now (from its dates, not closed); absent: it is */
  inPeriod?: boolean;
  now: number;
  rules: CreditRules;
}

export interface CreditDecision {
  creditedSeconds: number;
  refusal: Refusal | undefined;
  /** the furthest point after this report */
  furthest: number;
  /**
   * where the next report's step is measured from (WarpState.lastPosition): the playhead of a
   * report not refused, but never more than the slack and the jitter allowed ahead of the
   * furthest point — a playback that starts (or parks) far ahead of its credit is a skip at its
   * next report, and what an honest unit's end can be left short by stays within what the
   * player waits out; after a refusal, the furthest point (the stretch is watched again)
   */
  lastPosition: number;
  /** the learner's live playback after this report; undefined = leave it as it was */
  playback: PlaybackState | undefined;
  completed: boolean;
}

const MAX_RATE = 1;
const RATE_EPSILON = 0.01;
/*
 * STUDY_JITTER_SECONDS is how much further than its time (and the slack) a report's step may go
 * before it is a skip: network delay that varies from report to report (a late one, then one
 * on time) makes an honest step longer than the time between arrivals. No report is credited
 * more than its time: the ground left ahead of credit is credited when a report comes late
 * again, and at a unit's end the player waits out what is left (courseware-player's end save,
 * up to STUDY_END_SAVE_MAX_SECONDS).
 */

export function decideCredit(input: CreditInput): CreditDecision {
  const decision = decide(input);
  // The final report is credited like any other, then its playback holds nothing more.
  if (input.report.final && decision.playback) decision.playback = { ...decision.playback, ended: true };
  return decision;
}

function decide(input: CreditInput): CreditDecision {
  const { report, warp, playback, now, rules } = input;
  const samePlayback = playback !== undefined && !playback.ended && playback.playbackId === report.playbackId;
  /** Nothing earned; this report's time becomes the playback's clock unless `untouched`. */
  const noCredit = (refusal: Refusal | undefined, untouched = false): CreditDecision => ({
    creditedSeconds: 0,
    refusal,
    furthest: warp.furthest,
    lastPosition: refusal ? warp.furthest : aheadAtMost(report.position, warp.furthest, warp.duration, rules),
    playback: untouched ? undefined : started(input),
    completed: isComplete(warp.furthest, warp.duration, rules),
  });
  const refuse = (refusal: Refusal, untouched = false) => noCredit(refusal, untouched);

  // A report already seen (or older) changes nothing: a replayed request cannot earn twice.
  // Nor does anything of a playback its final report ended: the player starts a new one.
  const isStored = playback !== undefined && playback.playbackId === report.playbackId;
  if (isStored && (playback.ended || report.seq <= playback.lastSeq)) return refuse('REPLAY', true);

  // Another playback still live keeps the lead (a second device, or a second window of this
  // session still playing) — except that the same login session starting a new playback
  // (the next unit, another unit, the player opened again) takes over at once: the old
  // playback was credited up to its last report and earns nothing more. A playback that was
  // taken over cannot take the lead back: only a playback's first report takes over.
  const otherIsLive =
    playback !== undefined &&
    !samePlayback &&
    !playback.ended &&
    now - playback.lastReportAt <= rules.idleLimitSeconds * 1000;
  const takesOver = otherIsLive && playback.sessionId === input.sessionId && report.seq === 1;
  if (otherIsLive && !takesOver) return refuse('OTHER_PLAYBACK', true);

  // Outside the class's period nothing is credited; the report still keeps the playback's clock.
  if (input.inPeriod === false) return refuse('CLASS_PERIOD');

  // A due face check stops credit at once, the first report of a playback included (the
  // player pauses for the check at the start instead of after the first interval).
  if (input.faceGate !== 'ok') return refuse('FACE_CHECK_DUE');

  // The first report of a playback only starts its clock.
  if (!samePlayback || playback.warpId !== warp.warpId) return noCredit(undefined);
  if (report.hidden) return refuse('HIDDEN');
  if (report.rate > MAX_RATE + RATE_EPSILON) return refuse('RATE');

  // A gap longer than the idle limit: the player stops at the first report that goes
  // unanswered and sends it again once it can, so a report this late covers at most one
  // interval — credited (an outage longer than the limit lost the stretch watched before it);
  // ground beyond that is none of it, and a report with none is refused as IDLE as before.
  const gap = (now - playback.lastReportAt) / 1000;
  const idle = gap > rules.idleLimitSeconds;
  const elapsed = idle ? Math.min(gap, STUDY_REPORT_EVERY_SECONDS + rules.slackSeconds) : gap;
  // the ground such a report may cover before it is a skip: an interval and the request's
  // timeout (the player pauses once a report goes unanswered, which takes up to that long)
  const stepTime = idle ? Math.min(gap, STUDY_REPORT_EVERY_SECONDS + REQUEST_TIMEOUT_MS / 1000) : gap;

  const remainingToday = rules.dailyCapSeconds - input.creditedTodaySeconds;
  if (remainingToday <= 0) return refuse('DAILY_CAP');

  const position = Math.min(report.position, warp.duration);
  const newGround = position - warp.furthest;
  // Further than the time since the last report allows (or past the end): a seek or a forgery.
  // The step is the report's own, from where the last one stood (or the furthest point, after
  // a seek back): ground ahead of credit, left by jitter, does not make an honest step a seek.
  const step = position - Math.max(warp.lastPosition ?? warp.furthest, warp.furthest);
  if (
    step > stepTime * MAX_RATE + rules.slackSeconds + STUDY_JITTER_SECONDS ||
    report.position > warp.duration + rules.slackSeconds
  ) {
    return refuse('SEEK');
  }
  // Re-watching: the clock runs on, nothing is earned, nothing is refused (after an idle gap —
  // a pause, the player resumed — it is the gap that earned nothing).
  if (newGround <= 0) return idle ? refuse('IDLE') : noCredit(undefined);

  // the stretch's part before midnight, beyond what the day before's cap had left, earns nothing
  const before = input.dayBefore;
  const overDayBefore = before
    ? Math.max(0, elapsed - before.sinceDayStartSeconds - Math.max(0, rules.dailyCapSeconds - before.creditedSeconds))
    : 0;
  // (a report of no time at all — two in one batch — is no cap: it earns nothing, as before)
  if (overDayBefore > 0 && overDayBefore >= elapsed) return refuse('DAILY_CAP');
  const credited = Math.max(0, Math.min(elapsed - overDayBefore, newGround, remainingToday));
  // The furthest point moves by what was credited, never by the slack: ground a report covers
  // beyond its time (jitter, or a script stepping 2 s ahead of the clock in every report) is
  // covered again by the next report's time, or not at all — a unit completes only when its
  // ground, all but the tolerance at its end, was credited. Beyond the cap, likewise.
  const furthest = warp.furthest + credited;
  return {
    creditedSeconds: roundSeconds(credited),
    refusal: undefined,
    furthest,
    lastPosition: aheadAtMost(report.position, furthest, warp.duration, rules),
    playback: started(input),
    completed: isComplete(furthest, warp.duration, rules),
  };
}

/** A playhead as a next step is measured from it: within the unit, and not far ahead of credit. */
const aheadAtMost = (position: number, furthest: number, duration: number, rules: CreditRules) =>
  Math.min(position, duration, furthest + rules.slackSeconds + STUDY_JITTER_SECONDS);

/**
 * The playback as this report leaves it: its clock and sequence at this report. A playback's
 * clock never goes back: a report handled by a server whose clock is behind (several nodes)
 * would otherwise give the next report, on a node ahead, the difference again — every time.
 */
const started = ({ report, warp, sessionId, now, playback }: CreditInput): PlaybackState => ({
  playbackId: report.playbackId,
  warpId: warp.warpId,
  lastSeq: report.seq,
  lastReportAt: playback?.playbackId === report.playbackId ? Math.max(now, playback.lastReportAt) : now,
  sessionId,
  ended: false,
});

export function isComplete(furthest: number, duration: number, rules: CreditRules): boolean {
  return duration > 0 && furthest >= duration - rules.completionToleranceSeconds;
}

const roundSeconds = (s: number) => Math.round(s * 1000) / 1000;

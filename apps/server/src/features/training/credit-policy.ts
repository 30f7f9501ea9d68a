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
 * and nothing when the rate is above 1×, the page was hidden, the gap was idle, another
 * playback of the learner is live, the report is a replay, or a face check is due.
 * A refused report never moves the furthest point: that part must be watched again, so the
 * player rewinds to the furthest point the answer carries. (A paused player reports when it
 * resumes: an IDLE answer then only restarts the clock, and nothing watched is lost.)
 */

export type Refusal =
  'REPLAY' | 'OTHER_PLAYBACK' | 'FACE_CHECK_DUE' | 'HIDDEN' | 'RATE' | 'IDLE' | 'SEEK' | 'DAILY_CAP';

export interface ProgressReport {
  playbackId: string;
  /** 1, 2, 3 … per playback */
  seq: number;
  /** playhead, seconds */
  position: number;
  rate: number;
  hidden: boolean;
}

/** The learner's live playback (one at a time, across all courseware). */
export interface PlaybackState {
  playbackId: string;
  warpId: string;
  lastSeq: number;
  /** server time (ms) of the last report this playback made */
  lastReportAt: number;
}

export interface WarpState {
  warpId: string;
  /** seconds */
  duration: number;
  /** furthest point watched with credit, seconds */
  furthest: number;
}

export interface CreditRules {
  /** a gap longer than this between reports earns nothing */
  idleLimitSeconds: number;
  dailyCapSeconds: number;
  /** jitter allowed between player and server clocks and positions */
  slackSeconds: number;
  /** a unit is complete when furthest ≥ duration − this */
  completionToleranceSeconds: number;
}

export const DEFAULT_CREDIT_RULES: CreditRules = {
  idleLimitSeconds: 90,
  dailyCapSeconds: 8 * 3600,
  slackSeconds: 2,
  completionToleranceSeconds: 3,
};

export interface CreditInput {
  report: ProgressReport;
  warp: WarpState;
  /** the learner's live playback, if any */
  playback: PlaybackState | undefined;
  creditedTodaySeconds: number;
  /** from the identity gate: 'ok', or a check due/failed */
  faceGate: 'ok' | 'due';
  now: number;
  rules: CreditRules;
}

export interface CreditDecision {
  creditedSeconds: number;
  refusal: Refusal | undefined;
  /** the furthest point after this report */
  furthest: number;
  /** the learner's live playback after this report; undefined = leave it as it was */
  playback: PlaybackState | undefined;
  completed: boolean;
}

const MAX_RATE = 1;
const RATE_EPSILON = 0.01;

export function decideCredit(input: CreditInput): CreditDecision {
  const { report, warp, playback, now, rules } = input;
  const samePlayback = playback?.playbackId === report.playbackId;
  /** Nothing earned; this report's time becomes the playback's clock unless `untouched`. */
  const noCredit = (refusal: Refusal | undefined, untouched = false): CreditDecision => ({
    creditedSeconds: 0,
    refusal,
    furthest: warp.furthest,
    playback: untouched
      ? undefined
      : { playbackId: report.playbackId, warpId: warp.warpId, lastSeq: report.seq, lastReportAt: now },
    completed: isComplete(warp.furthest, warp.duration, rules),
  });
  const refuse = (refusal: Refusal, untouched = false) => noCredit(refusal, untouched);

  // A report already seen (or older) changes nothing: a replayed request cannot earn twice.
  if (samePlayback && report.seq <= playback.lastSeq) return refuse('REPLAY', true);

  // Another playback still live (second tab, second device, another unit) keeps the lead.
  const otherIsLive = playback && !samePlayback && now - playback.lastReportAt <= rules.idleLimitSeconds * 1000;
  if (otherIsLive) return refuse('OTHER_PLAYBACK', true);

  // A due face check stops credit at once, the first report of a playback included (the
  // player pauses for the check at the start instead of after the first interval).
  if (input.faceGate !== 'ok') return refuse('FACE_CHECK_DUE');

  // The first report of a playback only starts its clock.
  if (!samePlayback || playback.warpId !== warp.warpId) return noCredit(undefined);
  if (report.hidden) return refuse('HIDDEN');
  if (report.rate > MAX_RATE + RATE_EPSILON) return refuse('RATE');

  const elapsed = (now - playback.lastReportAt) / 1000;
  if (elapsed > rules.idleLimitSeconds) return refuse('IDLE');

  const remainingToday = rules.dailyCapSeconds - input.creditedTodaySeconds;
  if (remainingToday <= 0) return refuse('DAILY_CAP');

  const position = Math.min(report.position, warp.duration);
  const newGround = position - warp.furthest;
  // Further than the time since the last report allows (or past the end): a seek or a forgery.
  if (newGround > elapsed * MAX_RATE + rules.slackSeconds || report.position > warp.duration + rules.slackSeconds) {
    return refuse('SEEK');
  }
  // Re-watching: the clock runs on, nothing is earned, nothing is refused.
  if (newGround <= 0) return noCredit(undefined);

  const credited = Math.max(0, Math.min(elapsed, newGround, remainingToday));
  // Beyond the cap, only the part that fitted counts as watched.
  const furthest = credited < Math.min(elapsed, newGround) ? warp.furthest + credited : position;
  return {
    creditedSeconds: roundSeconds(credited),
    refusal: undefined,
    furthest,
    playback: { playbackId: report.playbackId, warpId: warp.warpId, lastSeq: report.seq, lastReportAt: now },
    completed: isComplete(furthest, warp.duration, rules),
  };
}

export function isComplete(furthest: number, duration: number, rules: CreditRules): boolean {
  return duration > 0 && furthest >= duration - rules.completionToleranceSeconds;
}

const roundSeconds = (s: number) => Math.round(s * 1000) / 1000;

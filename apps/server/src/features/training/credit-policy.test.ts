import { describe, expect, it } from 'vitest';
import {
  decideCredit,
  DEFAULT_CREDIT_RULES,
  type CreditInput,
  type PlaybackState,
  type WarpState,
} from './credit-policy';
import { inPeriod } from '../../core/class-period.js';

const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const rules = DEFAULT_CREDIT_RULES;

/** Drives one learner's playback of one unit through reports, as the server would store them. */
function session(duration = 600, opts: { creditedToday?: number } = {}) {
  const warp: WarpState = { warpId: 'w1', duration, furthest: 0 };
  /** other units than w1, each with its own furthest point */
  const others = new Map<string, WarpState>();
  let playback: PlaybackState | undefined;
  let creditedToday = opts.creditedToday ?? 0;
  let total = 0;
  const report = (
    atSeconds: number,
    r: Partial<CreditInput['report']> & { position: number; seq: number },
    extra: Partial<Pick<CreditInput, 'faceGate' | 'sessionId' | 'dayBefore'>> & { warpId?: string } = {},
  ) => {
    const unit =
      !extra.warpId || extra.warpId === 'w1'
        ? warp
        : (others.get(extra.warpId) ??
          others.set(extra.warpId, { warpId: extra.warpId, duration, furthest: 0 }).get(extra.warpId)!);
    const decision = decideCredit({
      report: { playbackId: 'p1', rate: 1, hidden: false, ...r },
      sessionId: extra.sessionId ?? 's1',
      warp: unit,
      playback,
      creditedTodaySeconds: creditedToday,
      faceGate: extra.faceGate ?? 'ok',
      ...(extra.dayBefore && { dayBefore: extra.dayBefore }),
      now: T0 + atSeconds * 1000,
      rules,
    });
    if (decision.playback) playback = decision.playback;
    unit.furthest = decision.furthest;
    // as the batch stores it: where he stood, or after a refusal the furthest credited point
    unit.lastPosition = decision.lastPosition;
    creditedToday += decision.creditedSeconds;
    total += decision.creditedSeconds;
    return decision;
  };
  return { report, warp, total: () => total, playback: () => playback };
}

describe('crediting an honest learner', () => {
  it('earns the time watched, report by report, and completes at the end', () => {
    const s = session(60);
    expect(s.report(0, { seq: 1, position: 0 }).creditedSeconds).toBe(0);
    expect(s.report(15, { seq: 2, position: 15 }).creditedSeconds).toBe(15);
    expect(s.report(30, { seq: 3, position: 30 }).creditedSeconds).toBe(15);
    expect(s.report(45, { seq: 4, position: 45 }).completed).toBe(false);
    const last = s.report(60, { seq: 5, position: 60 });
    expect(last.completed).toBe(true);
    expect(s.total()).toBe(60);
  });

  it('loses nothing to network jitter: ground a report covers ahead of its time is made up by the next', () => {
    const s = session(60);
    // reports sent every 15 s of playing; every other one half a second longer on its way
    s.report(0.5, { seq: 1, position: 0 });
    const quick = s.report(15, { seq: 2, position: 15 });
    expect(quick).toMatchObject({ creditedSeconds: 14.5, furthest: 14.5, refusal: undefined });
    expect(s.report(30.5, { seq: 3, position: 30 })).toMatchObject({ creditedSeconds: 15.5, furthest: 30 });
    expect(s.report(45, { seq: 4, position: 45 }).creditedSeconds).toBe(14.5);
    const last = s.report(60.5, { seq: 5, position: 60 });
    expect(last).toMatchObject({ creditedSeconds: 15.5, furthest: 60, completed: true });
    expect(s.total()).toBe(60);
  });

  it('is not refused for delays that drain over several reports, nor for a media clock a little fast', () => {
    // report delays of 0, 0, 2.5, 1.5 and 0.3 s: each report's own step is within its time and the slack
    const s = session(600);
    const delays = [0, 0, 2.5, 1.5, 0.3, 0, 2.5];
    delays.forEach((d, i) => {
      const decision = s.report(i * 15 + d, { seq: i + 1, position: i * 15 });
      expect(decision.refusal, `report ${i + 1}`).toBeUndefined();
    });
    // the ground reported early is credited when a report comes late again: all 90 s
    expect(s.total()).toBe(90);
    expect(s.warp.furthest).toBe(90);
    // a media clock 0.1 % fast over half an hour of reports every 15 s
    const t = session(3600);
    let last = t.report(0, { seq: 1, position: 0 });
    for (let seq = 2; seq <= 140; seq++) {
      last = t.report((seq - 1) * 15, { seq, position: Math.round((seq - 1) * 15 * 1.001 * 10) / 10 });
      expect(last.refusal, `report ${seq}`).toBeUndefined();
    }
    // credited at the server's pace; the furthest point a couple of seconds behind the playhead
    expect(t.total()).toBeCloseTo(139 * 15, 0);
    expect(t.warp.furthest).toBeGreaterThan(139 * 15 * 1.001 - 3);
  });

  it('earns nothing for re-watching, but is not refused', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    s.report(30, { seq: 2, position: 30 });
    const back = s.report(45, { seq: 3, position: 15 });
    expect(back).toMatchObject({ creditedSeconds: 0, refusal: undefined });
    // back past the furthest point: only the new ground counts
    expect(s.report(65, { seq: 4, position: 35 }).creditedSeconds).toBe(5);
  });
});

describe('a scripted cheater earns nothing unearned', () => {
  it('seeking ahead of the furthest point', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(15, { seq: 2, position: 300 })).toMatchObject({ creditedSeconds: 0, refusal: 'SEEK', furthest: 0 });
    expect(s.total()).toBe(0);
  });

  it('playing at 2×', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(15, { seq: 2, position: 30, rate: 2 })).toMatchObject({ creditedSeconds: 0, refusal: 'RATE' });
    // claiming 1× while covering 2× the ground is a seek
    expect(s.report(30, { seq: 3, position: 60 })).toMatchObject({ creditedSeconds: 0, refusal: 'SEEK' });
    expect(s.total()).toBe(0);
  });

  it('a second device while the first plays', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    s.report(15, { seq: 2, position: 15 });
    const other = s.report(20, { seq: 1, position: 0, playbackId: 'p2' }, { sessionId: 's2' });
    expect(other.refusal).toBe('OTHER_PLAYBACK');
    expect(s.report(30, { seq: 2, position: 15, playbackId: 'p2' }, { sessionId: 's2' }).refusal).toBe(
      'OTHER_PLAYBACK',
    );
    // the first keeps earning
    expect(s.report(30, { seq: 3, position: 30 }).creditedSeconds).toBe(15);
    expect(s.total()).toBe(30);
  });

  it('two units at once on two devices (the playback is per learner, not per unit)', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(5, { seq: 1, position: 0, playbackId: 'p2' }, { warpId: 'w2', sessionId: 's2' }).refusal).toBe(
      'OTHER_PLAYBACK',
    );
  });

  it('the same session moving to the next unit takes over at once; the old playback earns no more', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    s.report(15, { seq: 2, position: 15 });
    // one second later, the next unit's player starts: not refused, its clock starts
    const next = s.report(16, { seq: 1, position: 0, playbackId: 'p2' }, { warpId: 'w2' });
    expect(next).toMatchObject({ refusal: undefined, creditedSeconds: 0 });
    expect(s.playback()).toMatchObject({ playbackId: 'p2', warpId: 'w2', ended: false });
    expect(s.report(31, { seq: 2, position: 15, playbackId: 'p2' }, { warpId: 'w2' }).creditedSeconds).toBe(15);
    // the old playback (a window left open) cannot take the lead back
    expect(s.report(32, { seq: 3, position: 30 })).toMatchObject({ refusal: 'OTHER_PLAYBACK', creditedSeconds: 0 });
    expect(s.playback()).toMatchObject({ playbackId: 'p2' });
    expect(s.total()).toBe(30);
  });

  it('a final report is credited and ends the playback: any other starts at once', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(10, { seq: 2, position: 10, final: true }).creditedSeconds).toBe(10);
    expect(s.playback()).toMatchObject({ playbackId: 'p1', ended: true });
    // even another device need not wait for the idle limit
    const other = s.report(12, { seq: 1, position: 10, playbackId: 'p2' }, { sessionId: 's2' });
    expect(other.refusal).toBeUndefined();
    expect(s.report(27, { seq: 2, position: 25, playbackId: 'p2' }, { sessionId: 's2' }).creditedSeconds).toBe(15);
    // the ended playback reporting again earns nothing and does not take the lead
    expect(s.report(28, { seq: 3, position: 26 })).toMatchObject({ refusal: 'OTHER_PLAYBACK', creditedSeconds: 0 });
    expect(s.total()).toBe(25);
  });

  it('after a final report, neither a replay nor a later report of that playback earns or revives it', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    s.report(15, { seq: 2, position: 15 });
    expect(s.report(30, { seq: 3, position: 30, final: true }).creditedSeconds).toBe(15);
    // a replayed earlier report, then a report that would be next
    expect(s.report(31, { seq: 2, position: 15 })).toMatchObject({ refusal: 'REPLAY', creditedSeconds: 0 });
    expect(s.report(45, { seq: 4, position: 45 })).toMatchObject({ refusal: 'REPLAY', creditedSeconds: 0 });
    expect(s.playback()).toMatchObject({ playbackId: 'p1', ended: true, lastSeq: 3 });
    // a new playback starts at once
    expect(s.report(46, { seq: 1, position: 30, playbackId: 'p2' }).refusal).toBeUndefined();
    expect(s.report(61, { seq: 2, position: 45, playbackId: 'p2' }).creditedSeconds).toBe(15);
    expect(s.total()).toBe(45);
  });

  it('replaying a report', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(15, { seq: 2, position: 15 }).creditedSeconds).toBe(15);
    expect(s.report(16, { seq: 2, position: 15 })).toMatchObject({ creditedSeconds: 0, refusal: 'REPLAY' });
    expect(s.report(17, { seq: 1, position: 15 }).refusal).toBe('REPLAY');
    expect(s.total()).toBe(15);
  });

  it('stepping ahead of the clock by the slack in every report: the ground beyond the time is not gained', () => {
    const s = session(33);
    s.report(0, { seq: 1, position: 0 });
    // 17 reports 4 ms apart, each 1.99 s further on: within the 2 s slack every time
    let last = s.report(0.004, { seq: 2, position: 1.99 });
    for (let seq = 3; seq <= 18; seq++) last = s.report(seq * 0.004, { seq, position: (seq - 1) * 1.99 });
    expect(last.completed).toBe(false);
    expect(s.warp.furthest).toBeLessThan(0.1);
    expect(s.total()).toBeLessThan(0.1);
    // one report a second, 2.95 s further each time: the unit does not complete in 11 s
    const t = session(31);
    t.report(0, { seq: 1, position: 0 });
    for (let seq = 2; seq <= 12; seq++) last = t.report(seq - 1, { seq, position: Math.min(31, (seq - 1) * 2.95) });
    expect(last.completed).toBe(false);
    expect(t.warp.furthest).toBeLessThanOrEqual(t.total());
    expect(t.warp.furthest).toBeLessThan(14);
  });

  it('a forged position past the end', () => {
    const s = session(60);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(15, { seq: 2, position: 9999 }).refusal).toBe('SEEK');
    expect(s.total()).toBe(0);
  });

  it('a skewed client clock changes nothing: only the server clock counts', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    // the client claims 15 s of playing, but only 5 s passed on the server: 5 s are credited
    expect(s.report(5, { seq: 2, position: 15 }).creditedSeconds).toBe(5);
    // and 20 s in 5 s is a skip
    expect(s.report(10, { seq: 3, position: 35 }).refusal).toBe('SEEK');
    expect(s.report(25, { seq: 4, position: 30 }).creditedSeconds).toBe(15);
  });

  it("servers whose clocks differ: a report on the one behind never moves the playback's clock back", () => {
    // two nodes 3 s apart behind a balancer: behind, ahead, behind, ahead… each switch to the
    // node ahead would earn the 3 s again if the node behind set the clock back
    const s = session(60);
    s.report(0, { seq: 1, position: 0 });
    let position = 0;
    for (let seq = 2, t = 0.05; seq < 40; seq += 2, t += 0.05) {
      s.report(t, { seq, position }); // the node behind
      position += 2.9;
      s.report(t + 3, { seq: seq + 1, position }); // the node 3 s ahead, 50 ms later
    }
    // about 2 s of real time went by: no more than that and the 3 s skew, once
    expect(s.total()).toBeLessThanOrEqual(3 + 2.1);
    expect(s.playback()!.lastReportAt).toBeCloseTo(T0 + (0.05 * 19 + 3) * 1000, 0);
  });

  it('idling: a long gap earns one report interval at most, and the clock restarts', () => {
    const s = session(3600);
    s.report(0, { seq: 1, position: 0 });
    // the network was out for 1000 s: the player stopped at its unanswered report (15 s of
    // ground) and sends it again — that stretch was watched, and is credited
    expect(s.report(1000, { seq: 2, position: 15 })).toMatchObject({ creditedSeconds: 15, refusal: undefined });
    // a late report cannot claim the gap itself: more than an interval of ground is a skip
    expect(s.report(2000, { seq: 3, position: 600 }).refusal).toBe('SEEK');
    // the player rewinds to the furthest point the answer carries and plays on
    expect(s.report(2015, { seq: 4, position: 30 }).creditedSeconds).toBe(15);
    expect(s.total()).toBe(30);
  });

  it('after an outage: one interval and the slack credited (17 s), ground up to an interval and the timeout no skip', () => {
    const s = session(3600);
    s.report(0, { seq: 1, position: 0 });
    // 25 s of ground: the report's 15 s, then the 10 s its request took to time out
    expect(s.report(500, { seq: 2, position: 25 })).toMatchObject({ creditedSeconds: 17, refusal: undefined });
    // the edge: an interval, the timeout, the slack and the jitter (35 s) — beyond it a skip
    const t = session(3600);
    t.report(0, { seq: 1, position: 0 });
    expect(t.report(500, { seq: 2, position: 35 }).creditedSeconds).toBe(17);
    const u = session(3600);
    u.report(0, { seq: 1, position: 0 });
    expect(u.report(500, { seq: 2, position: 35.5 }).refusal).toBe('SEEK');
    // late again and again: 17 s each time, far below the time that passed
    const v = session(3600);
    v.report(0, { seq: 1, position: 0 });
    for (let i = 1; i <= 5; i++) v.report(i * 100, { seq: i + 1, position: i * 15 });
    expect(v.total()).toBe(75);
  });

  it('an honest pause loses nothing: the player reports when it resumes', () => {
    const s = session(3600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(10, { seq: 2, position: 10 }).creditedSeconds).toBe(10); // paused here
    expect(s.report(1200, { seq: 3, position: 10 }).refusal).toBe('IDLE'); // resumed
    expect(s.report(1215, { seq: 4, position: 25 }).creditedSeconds).toBe(15);
    expect(s.total()).toBe(25);
  });

  it('a network delay that varies from report to report is no skip, and no report earns more than its time', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    // every other report 4 s late on the way: it has 19 s for 15 s of ground, the next only 11
    expect(s.report(19, { seq: 2, position: 15 }).creditedSeconds).toBe(15);
    expect(s.report(30, { seq: 3, position: 30 })).toMatchObject({ creditedSeconds: 11, refusal: undefined });
    // the ground left ahead of credit is credited when a report comes late again
    expect(s.report(49, { seq: 4, position: 45 }).creditedSeconds).toBe(19);
    expect(s.report(60, { seq: 5, position: 60 }).creditedSeconds).toBe(11);
    expect(s.report(79, { seq: 6, position: 75 }).creditedSeconds).toBe(19);
    expect(s.total()).toBe(75);
    // a step longer than its time by more than the jitter allowed is a skip
    expect(s.report(90, { seq: 7, position: 97 }).refusal).toBe('SEEK');
    // waiting is never banked: after a pause, a leap is still a skip
    const p = session(600);
    p.report(0, { seq: 1, position: 0 });
    expect(p.report(15, { seq: 2, position: 17 }).creditedSeconds).toBe(15);
    expect(p.report(75, { seq: 3, position: 17 }).creditedSeconds).toBe(2);
    expect(p.report(76, { seq: 4, position: 30 }).refusal).toBe('SEEK');
  });

  it('a playback that starts or parks far ahead of its credit is a skip, however slowly it reports', () => {
    const s = session(600);
    // a first report at the end, then one every 60 s standing still there
    expect(s.report(0, { seq: 1, position: 600 })).toMatchObject({ creditedSeconds: 0, lastPosition: 10 });
    expect(s.report(60, { seq: 2, position: 600 }).refusal).toBe('SEEK');
    // jitter's lead ahead of credit is bounded by the slack and the allowance
    const j = session(600);
    j.report(0, { seq: 1, position: 0 });
    expect(j.report(5, { seq: 2, position: 15 })).toMatchObject({ creditedSeconds: 5, lastPosition: 15 });
    expect(j.report(10, { seq: 3, position: 30 })).toMatchObject({ creditedSeconds: 5, lastPosition: 20 });
    // the next 15 s on time step 25 s from where the last one counts as standing: at the limit
    expect(j.report(25, { seq: 4, position: 45 })).toMatchObject({ creditedSeconds: 15, lastPosition: 35 });
    expect(j.report(40, { seq: 5, position: 61 }).refusal).toBe('SEEK');
  });

  it("a unit's end left short by jitter is completed by the time that passes after it, never before", () => {
    const s = session(40);
    s.report(0, { seq: 1, position: 0 });
    // a late report, then one on time and the end: 6 s of ground are ahead of credit
    expect(s.report(21, { seq: 2, position: 15 }).creditedSeconds).toBe(15);
    expect(s.report(30, { seq: 3, position: 30 }).creditedSeconds).toBe(9);
    const end = s.report(40, { seq: 4, position: 40, final: true });
    expect(end).toMatchObject({ creditedSeconds: 10, completed: false, furthest: 34 });
    // the player waits out the gap in a playback of its own (its first report starts the clock)
    expect(s.report(40.2, { playbackId: 'save', seq: 1, position: 40 }).creditedSeconds).toBe(0);
    // too soon, it earns only the time since
    expect(s.report(42.2, { playbackId: 'save', seq: 2, position: 40 })).toMatchObject({
      creditedSeconds: 2,
      completed: false,
    });
    expect(s.report(47.2, { playbackId: 'save', seq: 3, position: 40, final: true })).toMatchObject({
      creditedSeconds: 4,
      completed: true,
      furthest: 40,
    });
    expect(s.total()).toBe(40);
  });

  it('a hidden page earns nothing, and the hidden time is not credited later', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(10, { seq: 2, position: 10 }).creditedSeconds).toBe(10);
    // played on while hidden
    expect(s.report(25, { seq: 3, position: 25, hidden: true })).toMatchObject({
      creditedSeconds: 0,
      refusal: 'HIDDEN',
    });
    // back on the page: the hidden stretch is not credited and must be watched again
    expect(s.report(30, { seq: 4, position: 30 }).refusal).toBe('SEEK');
    expect(s.report(45, { seq: 5, position: 25 }).creditedSeconds).toBe(15);
    expect(s.total()).toBe(25);
  });

  it('over the daily cap: only what fits counts', () => {
    const s = session(600, { creditedToday: rules.dailyCapSeconds - 5 });
    s.report(0, { seq: 1, position: 0 });
    const partial = s.report(15, { seq: 2, position: 15 });
    expect(partial.creditedSeconds).toBe(5);
    expect(partial.furthest).toBe(5);
    expect(s.report(30, { seq: 3, position: 30 })).toMatchObject({ creditedSeconds: 0, refusal: 'DAILY_CAP' });
    expect(s.total()).toBe(5);
  });

  it("across midnight: the stretch before it counts against the day before's cap", () => {
    const cap = rules.dailyCapSeconds;
    // capped yesterday; a report 5 s into today covers 15 s: only today's 5 s count
    const capped = session(600, { creditedToday: 0 });
    capped.report(0, { seq: 1, position: 0 });
    const justAfter = { sinceDayStartSeconds: 5, creditedSeconds: cap };
    expect(capped.report(15, { seq: 2, position: 15 }, { dayBefore: justAfter })).toMatchObject({
      creditedSeconds: 5,
      refusal: undefined,
      furthest: 5,
    });
    // 8 s of yesterday's cap were left: 8 + 5
    const left = session(600);
    left.report(0, { seq: 1, position: 0 });
    expect(
      left.report(15, { seq: 2, position: 15 }, { dayBefore: { sinceDayStartSeconds: 5, creditedSeconds: cap - 8 } })
        .creditedSeconds,
    ).toBe(13);
    // a stretch all before midnight, yesterday capped: nothing
    const before = session(600);
    before.report(0, { seq: 1, position: 0 });
    expect(
      before.report(15, { seq: 2, position: 15 }, { dayBefore: { sinceDayStartSeconds: 0, creditedSeconds: cap } }),
    ).toMatchObject({ creditedSeconds: 0, refusal: 'DAILY_CAP' });
    // a second report at the same moment (two in one batch) earns nothing and is refused nothing,
    // at midnight or not
    const twice = session(600);
    twice.report(0, { seq: 1, position: 0 });
    twice.report(15, { seq: 2, position: 15 });
    for (const dayBefore of [undefined, { sinceDayStartSeconds: 5, creditedSeconds: 60 }]) {
      expect(twice.report(15, { seq: dayBefore ? 4 : 3, position: 16 }, dayBefore ? { dayBefore } : {})).toMatchObject({
        creditedSeconds: 0,
        refusal: undefined,
      });
    }
    // a learner who studied little yesterday loses nothing at midnight
    const fresh = session(600);
    fresh.report(0, { seq: 1, position: 0 });
    expect(
      fresh.report(15, { seq: 2, position: 15 }, { dayBefore: { sinceDayStartSeconds: 5, creditedSeconds: 60 } })
        .creditedSeconds,
    ).toBe(15);
  });

  it('a face check due: nothing is credited until it passes', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    expect(s.report(15, { seq: 2, position: 15 }, { faceGate: 'due' })).toMatchObject({
      creditedSeconds: 0,
      refusal: 'FACE_CHECK_DUE',
      furthest: 0,
    });
    // the unwatched-with-credit part must be watched again after the check passes
    expect(s.report(30, { seq: 3, position: 30 }).refusal).toBe('SEEK');
  });

  it('a face check due at the start: the first report already says so, and starts the clock', () => {
    const s = session(600);
    expect(s.report(0, { seq: 1, position: 0 }, { faceGate: 'due' })).toMatchObject({
      creditedSeconds: 0,
      refusal: 'FACE_CHECK_DUE',
    });
    expect(s.playback()).toMatchObject({ lastSeq: 1 });
    // passed: the same playback goes on, credited from its last report
    expect(s.report(10, { seq: 2, position: 10 })).toMatchObject({ creditedSeconds: 10, refusal: undefined });
  });

  it('a new playback after the old one went idle may start', () => {
    const s = session(600);
    s.report(0, { seq: 1, position: 0 });
    s.report(15, { seq: 2, position: 15 });
    expect(s.report(200, { seq: 1, position: 15, playbackId: 'p2' }).refusal).toBeUndefined();
    expect(s.report(215, { seq: 2, position: 30, playbackId: 'p2' }).creditedSeconds).toBe(15);
    expect(s.total()).toBe(30);
  });
});

describe("a class's training period", () => {
  it('credits nothing outside it, and keeps the playback going for when it is', () => {
    const s = session(600);
    expect(s.report(0, { seq: 1, position: 0 })).toMatchObject({ refusal: undefined });
    const outside = decideCredit({
      report: { playbackId: 'p1', seq: 2, position: 15, rate: 1, hidden: false },
      sessionId: 's1',
      warp: s.warp,
      playback: s.playback(),
      creditedTodaySeconds: 0,
      faceGate: 'ok',
      inPeriod: false,
      now: T0 + 15_000,
      rules,
    });
    expect(outside).toMatchObject({ creditedSeconds: 0, refusal: 'CLASS_PERIOD', furthest: 0 });
  });

  it('runs from its start day to the end of its end day, and ends when the class is closed', () => {
    // days of record start at 00:00 in Shanghai (16:00 UTC the day before)
    const day = (d: string) => Date.parse(`${d}T00:00:00+08:00`);
    const c = { class_closed_at: null, class_start_date: day('2026-12-01'), class_end_date: day('2026-12-31') };
    expect(inPeriod(c, day('2026-12-01') - 1)).toBe(false);
    expect(inPeriod(c, day('2026-12-01'))).toBe(true);
    expect(inPeriod(c, day('2027-01-01') - 1)).toBe(true);
    expect(inPeriod(c, day('2027-01-01'))).toBe(false);
    expect(inPeriod({ ...c, class_closed_at: day('2026-12-10') }, day('2026-12-15'))).toBe(false);
    expect(inPeriod({ class_closed_at: null, class_start_date: null, class_end_date: null }, T0)).toBe(true);
  });
});

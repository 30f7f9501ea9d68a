import { LearnStatus, STUDY_END_SAVE_MAX_SECONDS, STUDY_REPORT_EVERY_SECONDS } from '@anxun/shared/constants';
import type { WarpCourseData } from '@anxun/shared/schemas/training';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getOpenChecks, openChecksKey } from '../../../components/face-check/face-check-api';
import { fetchFaceCheckDialog, LazyFaceCheckDialog } from '../../../components/face-check/lazy-face-check-dialog';
import { LoadBoundary } from '../../../components/load-boundary';
import { PlainDialog } from '../../../components/plain-dialog';
import { PlainNotice } from '../../../components/plain-notice';
import { api, ApiError } from '../../../lib/api-client';
import { certificateProgressKey } from '../../../lib/certificate-progress';
import { formatClock } from '../../../lib/format';
import { localiseNow, useTranslation } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import type { DueCheck } from '../../../components/face-check/face-check-api';
import type { CreditAnswer } from '../api/study-api';
import { sendReport, type Report } from './report-sender';
import type { StudyMedia } from './study-media';
import { withChunkTimeout } from '../../../lib/chunk-timeout';

/** pdf.js and the reader: their own chunk, loaded for document units only */
const PdfReader = lazy(withChunkTimeout(() => import('./pdf-reader')));

const REPORT_EVERY_MS = STUDY_REPORT_EVERY_SECONDS * 1000;
/** after this long paused, playing again is a new playback (the old one has gone idle) */
const NEW_PLAYBACK_AFTER_MS = 80_000;
/** a report that went unanswered is sent again after this, then twice as long up to the most (well inside STUDY_IDLE_LIMIT_SECONDS) */
const OFFLINE_RETRY_MS = 5_000;
const OFFLINE_RETRY_MAX_MS = 10_000;
/** no interaction for this long while playing → "are you still there?" */
const STILL_THERE_AFTER_MS = 10 * 60_000;
const SEEK_SLACK = 1;
/**
 * A unit's end left short of complete by at most STUDY_END_SAVE_MAX_SECONDS (its last reports
 * came at uneven intervals: the ground ahead of credit is the network's, not a skip) is saved by
 * waiting it out; more than that is watched again.
 */
const END_SAVE_TRIES = 3;
/** the most a playhead moves between two timeupdate events when it plays (they come every ~250 ms) */
const PLAYED_STEP = 1.5;

/** An end save under way: its playback, and its wait for the gap to pass. */
interface EndSave {
  playbackId: string;
  wait?: { timer: ReturnType<typeof setTimeout>; done(): void };
}

const isAtEnd = (v: StudyMedia | null) => Boolean(v?.ended);

interface Props {
  unit: WarpCourseData;
  /** start playing as soon as the video can (the page moved on to this unit by itself) */
  autoPlay?: boolean;
  /** the seconds credited on this page so far, every unit's (本次已计入) */
  creditedNow: number;
  /** a report's answer; also the last one of a player gone (another unit picked), which still counts */
  onAnswer(answer: CreditAnswer): void;
  /**
   * The unit was watched to its end, its last report answered and its end check (if the
   * class has one) passed: the page may move on.
   */
  onUnitDone(): void;
}

/**
 * The courseware player (issue: learning core, /show): resumes where the learner stopped,
 * never seeks beyond the furthest point credited or played through here, keeps the rate at 1×, reports every 15 s
 * and on pause, pauses when the page is hidden, asks after long idling, and shows what the
 * server credited. The server decides all credit; this only reports.
 *
 * A playback ends with a final report — at the unit's end, when the learner picks another
 * unit (unmount) and when the page is left — so the next playback starts at once. A face
 * check that comes with a report opens here, on the unit it belongs to; at the unit's end
 * the page moves on only after it passed.
 */
export function CoursewarePlayer({ unit, autoPlay = false, creditedNow, onAnswer, onUnitDone }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  /** the <video>, or the PDF reader acting as one */
  const media = useRef<StudyMedia | null>(null);
  const state = useRef({
    playbackId: undefined as string | undefined,
    seq: 0,
    furthest: unit.furthestSeconds,
    /** the furthest point played through in this page, credited or not yet reported: seeking may go back to it */
    watched: unit.furthestSeconds,
    /** the playhead at the last timeupdate (the element is gone when the player unmounts) */
    position: 0,
    pausedAt: 0,
    ended: false,
    /** the unit's record says complete (as of the last answer) */
    complete: unit.learnStatus === LearnStatus.COMPLETED,
    lastActivity: Date.now(),
    timer: undefined as ReturnType<typeof setInterval> | undefined,
    /** the playback whose study start is not counted yet (it is, at its first credited answer) */
    uncounted: undefined as string | undefined,
    /** asks made for it (an answer lost on the way would leave it asking every report) */
    countTries: 0,
    /** the media played while the page was hidden since the last report (started from a lock screen's controls) */
    playedHidden: false,
    /** a report went unanswered (offline, the server away): the video waits, the report is sent again */
    offline: false,
    /** the final report of a playback that went unanswered: sent again as it was */
    unsaved: undefined as Report | undefined,
    retry: undefined as ReturnType<typeof setTimeout> | undefined,
    /** the wait before the next try: doubled each time (a slow server is not asked harder), up to 30 s */
    retryDelay: OFFLINE_RETRY_MS,
    /** a unit's last report being sent again: every other report waits for its answer */
    pendingAgain: undefined as Promise<unknown> | undefined,
    /**
     * an end save under way (see saveEnd): its playback (played again, it ends, and the new
     * playback is another) and, while it waits out the gap, its timer
     */
    endSave: undefined as EndSave | undefined,
  });
  /** what the player says under the video, and what it is (the refusal it says, or an end being saved) */
  const [notice, setNotice] = useState<{ text: string; kind?: string } | undefined>();
  const say = (text: string | undefined, kind?: string) =>
    setNotice(text === undefined ? undefined : { text, ...(kind ? { kind } : {}) });
  const [stillThere, setStillThere] = useState(false);
  /** a face check the server says is due: the video waits for it */
  const [dueCheck, setDueCheckState] = useState<DueCheck | undefined>();
  const [checkAside, setCheckAside] = useState(false);
  // handlers read the ref: a play event may fire before React re-renders after a pass
  const dueRef = useRef<DueCheck | undefined>(undefined);
  const setDueCheck = (check: DueCheck | undefined) => {
    if (check && check.checkId !== dueRef.current?.checkId) {
      dueSince.current = Date.now();
      // pages that list open checks (个人中心, 我的学习) read them again: this one is new
      void client.invalidateQueries({ queryKey: openChecksKey });
    }
    dueRef.current = check;
    setDueCheckState(check);
  };
  /** when the check now due was set: open checks read before it do not know it */
  const dueSince = useRef(0);
  // a check passed away from the player (个人中心, 我的学习, a phone) while this page stayed open
  const openChecks = useQuery({ queryKey: openChecksKey, queryFn: getOpenChecks, enabled: dueCheck !== undefined });
  useEffect(() => {
    if (!dueCheck || !openChecks.data || openChecks.dataUpdatedAt <= dueSince.current) return;
    if (!openChecks.data.some((c) => c.checkId === dueCheck.checkId)) afterPass(false);
  }, [openChecks.data, openChecks.dataUpdatedAt, dueCheck]);
  // the latest callbacks, for listeners registered once
  /** a notice's key as a PDF unit says it: its reading timer pauses, not a video */
  const saying = (key: string) => (unit.kind === 'document' ? `${key}Document` : key);
  const latest = useRef({ onAnswer, onUnitDone });
  latest.current = { onAnswer, onUnitDone };

  /**
   * Moves the playhead for the learner (a refused stretch, a skip past what he played, the
   * start): the seek it causes is not his, so it sends no report of the ground it leaves.
   */
  const moveTo = (v: StudyMedia, seconds: number) => {
    state.current.position = seconds;
    v.currentTime = seconds;
  };

  /**
   * Sends a report of the current playback; `final` ends it (its next play is a new playback).
   * `again`: a final report that went unanswered, sent as it was (the server takes it once).
   */
  const report = async (
    options: { final?: boolean; paused?: boolean; leaving?: boolean; position?: number; again?: Report } = {},
  ): Promise<CreditAnswer | undefined> => {
    const s = state.current;
    // the playback as it is now (a new one may start while this report waits below)
    const playbackId = s.playbackId;
    if (!playbackId && !options.again) return undefined;
    const seq = options.again ? options.again.seq : ++s.seq;
    if (!options.again && options.final) s.playbackId = undefined;
    // the old playback's end goes first: a new playback's report would take over from it
    if (!options.again && !options.leaving && s.pendingAgain) await s.pendingAgain;
    const v = media.current;
    const playingHidden = document.visibilityState === 'hidden' && Boolean(v && !v.paused);
    const body: Report = options.again ?? {
      trainWarpCourseId: unit.trainWarpCourseId,
      playbackId: playbackId!,
      seq,
      position: Math.round((options.position ?? v?.currentTime ?? s.position) * 10) / 10,
      rate: v?.playbackRate ?? 1,
      // played unseen since the last report: not the report of the pause a hidden page makes
      // (a phone's screen locked, the tab left), which covers the stretch watched before it
      hidden: s.playedHidden || playingHidden,
      ...(options.final ? { final: true } : {}),
      // the player stops with it: a face check waits for the report as he plays again
      ...(options.paused ? { paused: true } : {}),
    };
    if (!options.again) s.playedHidden = playingHidden;
    try {
      const answer = await sendReport(body, options.leaving ?? false);
      // the unit's last report that waited is taken once it is answered itself, not by another's answer
      if (s.unsaved === body) s.unsaved = undefined;
      if (s.offline) {
        // answered again: what waited is saved (or refused, said below)
        s.offline = false;
        s.retryDelay = OFFLINE_RETRY_MS;
        if (mounted.current) say(s.endSave ? t('study.savingEnd') : undefined, 'savingEnd');
      }
      // a study start counts once its playback earned enough credit (the server says when):
      // asked after each credited answer until it has counted
      if (answer.creditedSeconds > 0 && s.uncounted === body.playbackId && s.countTries++ < 6) {
        void api
          .get<{ counted: boolean }>(
            `/api/train/cls_Warp/addRecnum/${unit.trainPersonId}/${unit.courseBookId}/${unit.courseWarpId}`,
            { query: { playbackId: body.playbackId }, silent: true },
          )
          .then((r) => {
            if (r.counted && s.uncounted === body.playbackId) s.uncounted = undefined;
          })
          .catch(() => undefined);
      }
      if (!mounted.current || !media.current) {
        // the player has gone (another unit picked, or the page left): its credit still counts
        latest.current.onAnswer(answer);
        return answer;
      }
      s.furthest = answer.furthestSeconds;
      s.watched = Math.max(s.watched, s.furthest);
      if (answer.faceCheck) {
        setDueCheck(answer.faceCheck);
        setCheckAside(false);
        // the check asks for the learner himself: no "still there?" over it
        setStillThere(false);
        if (!media.current.paused) media.current.pause();
      }
      if (options.again) {
        // a playback already over, answered late: nothing to pause or rewind in the one now;
        // if its end did not complete the unit after all, he is told
        // (one short by what an end save waits out is saved instead: finishEnd)
        if (answer.learnStatus !== LearnStatus.COMPLETED && s.ended && !s.endSave && endGap() === 0) {
          say(t('study.endNotSaved'));
        }
      } else if (answer.refusal === 'OTHER_PLAYBACK' || answer.refusal === 'CLASS_PERIOD') {
        // another device or window studies now, or the class is outside its training period:
        // this one waits, saying why, instead of rewinding every report
        if (!media.current.paused) media.current.pause();
        say(answer.refusalMsg ? localiseNow(answer.refusalMsg) : undefined, answer.refusal);
      } else if (answer.refusal && answer.refusal !== 'REPLAY') {
        // a refused stretch is watched again from the furthest credited point (not an end
        // save's: what it waits for was played, and is saved again once it may be)
        let said = answer.refusalMsg ? localiseNow(answer.refusalMsg) : undefined;
        if (body.playbackId !== s.endSave?.playbackId) {
          s.watched = s.furthest;
          if (media.current.currentTime > s.furthest + SEEK_SLACK) {
            moveTo(media.current, s.furthest);
            // the video moved back: he is told where to, not left to wonder
            const at = formatClock(s.furthest);
            said = said ? t('study.refusedRewound', { message: said, at }) : t('study.rewoundTo', { at });
          }
        }
        say(said, answer.refusal);
      } else if (answer.creditedSeconds > 0 && !body.paused) {
        // credited as it plays: what was said before is past (not so for a pause's answer,
        // which would clear the very notice that says why it paused)
        say(undefined);
      }
      s.complete = answer.learnStatus === LearnStatus.COMPLETED;
      latest.current.onAnswer(answer);
      return answer;
    } catch (err) {
      // no answer (offline, a timeout, the server restarting — a proxy's 502/503/504 while it
      // does —, too many requests): the video waits instead of playing on unsaved — past the
      // idle limit (90 s) only one report's stretch would be credited — and the report is sent
      // again every few seconds until it is answered
      const unanswered =
        err instanceof ApiError && (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500);
      if (unanswered && !options.leaving && mounted.current) {
        s.offline = true;
        if (body.final) s.unsaved = body;
        if (media.current && !media.current.paused) media.current.pause();
        say(t(saying('study.offline')));
        retryLater();
      }
      return undefined;
    }
  };
  /** The reports sent after this one wait for its answer (a playback's end goes first). */
  const holdOthersFor = (sent: Promise<unknown>) => {
    const s = state.current;
    const held: Promise<unknown> = sent.finally(() => {
      if (s.pendingAgain === held) s.pendingAgain = undefined;
    });
    s.pendingAgain = held;
  };
  /** Sends a unit's last report again; the reports after it wait for its answer. */
  const sendAgain = (again: Report, leaving = false) => {
    const sent = reportRef.current({ again, leaving });
    if (!leaving) holdOthersFor(sent);
    return sent;
  };
  const retryLater = (now = false) => {
    const s = state.current;
    if (s.retry) return;
    const delay = now ? 0 : s.retryDelay * (0.8 + Math.random() * 0.4);
    s.retryDelay = Math.min(s.retryDelay * 2, OFFLINE_RETRY_MAX_MS);
    s.retry = setTimeout(() => {
      s.retry = undefined;
      if (!mounted.current || !s.offline) return;
      const again = s.unsaved;
      void (again ? sendAgain(again) : reportRef.current()).then((answer) => {
        // a unit's end (or its save) answered late: finished as its end would have been
        if (answer && s.ended && !s.endSave) void finishEndRef.current(answer);
      });
    }, delay);
  };
  const reportRef = useRef(report);
  reportRef.current = report;

  const tRef = useRef(t);
  tRef.current = t;
  const mounted = useRef(true);

  useEffect(() => {
    const s = state.current;
    mounted.current = true;
    const onVisibility = () => {
      const v = media.current;
      if (document.visibilityState === 'hidden' && v && !v.paused) {
        v.pause();
        say(tRef.current(saying('study.pausedHidden')));
      } else if (document.visibilityState === 'visible' && v && !v.paused && s.playedHidden) {
        // seen again while it plays (played from a lock screen, then unlocked): the stretch
        // played unseen is reported now — refused as such — so the stretch watched from here on
        // is not reported with it and refused too
        void reportRef.current();
      }
    };
    const onActivity = () => {
      s.lastActivity = Date.now();
    };
    // leaving the page (closing the tab, reloading) ends the playback; a unit's last report
    // that waited for the network goes too
    const leave = () => {
      // an end save's playback ends where the unit ended (a PDF reader is gone by now)
      const endedAt = stopEndSaveRef.current(true) ? s.position : undefined;
      if (s.unsaved) void sendAgain(s.unsaved, true);
      void reportRef.current({ final: true, leaving: true, ...(endedAt === undefined ? {} : { position: endedAt }) });
    };
    const onPageHide = () => leave();
    // back online: what waits is sent at once, not at the next try
    const onOnline = () => {
      if (!s.offline) return;
      if (s.retry) clearTimeout(s.retry);
      s.retry = undefined;
      s.retryDelay = OFFLINE_RETRY_MS;
      retryLater(true);
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pointerdown', onActivity);
    window.addEventListener('keydown', onActivity);
    window.addEventListener('pagehide', onPageHide);
    // registered once: a re-render (a language switch, say) must not end the playback
    return () => {
      mounted.current = false;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pointerdown', onActivity);
      window.removeEventListener('keydown', onActivity);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      if (s.timer) clearInterval(s.timer);
      if (s.retry) clearTimeout(s.retry);
      // another unit chosen, or another page: this playback is over (an end save's too: its
      // final report is credited the time waited so far)
      leave();
    };
  }, []);

  // a page kept in the background (another page opened) or another unit chosen: the video
  // stops, as when the tab is hidden. Its element outlives the effects of a kept page, and a
  // video playing on unseen, its playback ended below, earned nothing when the page came back.
  // (A layout effect: its cleanup runs while the element is still this player's.)
  useLayoutEffect(
    () => () => {
      // where it stood, for the leaving report (a PDF reader sends no timeupdate)
      if (media.current) state.current.position = media.current.currentTime;
      media.current?.pause();
    },
    [],
  );

  const stopTimer = () => {
    const s = state.current;
    if (s.timer) clearInterval(s.timer);
    s.timer = undefined;
  };

  const onPlay = () => {
    const s = state.current;
    const v = media.current;
    if (!v) return;
    if (dueRef.current) {
      v.pause();
      setCheckAside(false);
      return;
    }
    // played again after an end that did not complete the unit (its last report lost or
    // refused): from the furthest credited point, not from the start the browser goes back to
    if (s.ended && !s.complete && v.currentTime < s.furthest - SEEK_SLACK) moveTo(v, s.furthest);
    s.ended = false;
    // played again during an end save: the save ends (credited what was waited), and this is
    // a playback of its own
    const wasSaving = stopEndSave();
    // started unseen (a lock screen's play button): not study, until the page is seen again
    if (document.visibilityState === 'hidden') s.playedHidden = true;
    const fresh = wasSaving || !s.playbackId || (s.pausedAt > 0 && Date.now() - s.pausedAt > NEW_PLAYBACK_AFTER_MS);
    if (fresh) {
      // a check may come with this playback's first answer: its dialog's code (the camera's,
      // small beside the video) is asked for now rather than then
      fetchFaceCheckDialog();
      s.playbackId = crypto.randomUUID();
      s.seq = 0;
      s.uncounted = s.playbackId;
      s.countTries = 0;
    }
    s.lastActivity = Date.now();
    // a unit's last report that waited for the network goes first: the new playback's first
    // report would take over from the old one, whose end then could not be credited
    if (s.unsaved && !s.pendingAgain) void sendAgain(s.unsaved);
    void report();
    stopTimer();
    s.timer = setInterval(() => {
      if (Date.now() - s.lastActivity > STILL_THERE_AFTER_MS) {
        v.pause();
        setStillThere(true);
        return;
      }
      void report();
    }, REPORT_EVERY_MS);
  };

  const onPause = () => {
    const s = state.current;
    // the pause that comes with the end is reported by onEnded, as the final report
    if (s.ended || isAtEnd(media.current)) return;
    stopTimer();
    s.pausedAt = Date.now();
    // the pause a face check makes (or a play while one is open): the report that opened it
    // was just answered, and one now would only be refused (FACE_CHECK_DUE) and rewind
    if (dueRef.current) return;
    void report({ paused: true });
  };

  /** The media is ready: resume where the learner stopped (never beyond the furthest credited point). */
  const onLoaded = () => {
    const v = media.current;
    if (!v) return;
    moveTo(v, Math.min(unit.lastPosition, state.current.furthest));
    // a browser may refuse to start without a gesture: the learner presses play then
    if (autoPlay) void v.play().catch(() => undefined);
  };

  /** Where a unit played to its end stands: its playhead, within the unit's length. */
  const endPosition = () => Math.min(unit.durationSeconds, media.current?.currentTime ?? state.current.position);

  /**
   * Ends an end save at once (played again, another unit picked, the page left): the time
   * waited so far is not lost — the save's playback is ended by a final report, sent here unless
   * the page's leaving report sends it (`leaving`), and a new playback's reports wait for it.
   * Says whether a save was under way.
   */
  const stopEndSave = (leaving = false): boolean => {
    const s = state.current;
    const save = s.endSave;
    if (!save) return false;
    s.endSave = undefined;
    if (save.wait) {
      clearTimeout(save.wait.timer);
      save.wait.done();
    }
    if (mounted.current) setNotice((shown) => (shown?.kind === 'savingEnd' ? undefined : shown));
    if (!leaving && s.playbackId === save.playbackId) holdOthersFor(report({ final: true, position: endPosition() }));
    return true;
  };

  /** What is left of a unit played to its end, when an end save can wait it out (else 0). */
  const endGap = () => {
    const s = state.current;
    const gap = unit.durationSeconds - s.furthest;
    const saveable = s.ended && !s.complete && mounted.current && !dueRef.current;
    return saveable && gap > 0 && gap <= STUDY_END_SAVE_MAX_SECONDS ? gap : 0;
  };

  /**
   * A unit's end the server left short of complete by a few seconds, though it was played to
   * the end: the network's varying delay left some ground ahead of credit (no report is
   * credited more than the time since the one before). The player waits that time out in a
   * playback of its own — its first report starts the clock, its final one, once the time has
   * passed, is credited the rest — saying it saves the end. Nothing is credited that did not
   * pass. 'stopped': played again, or the page left (stopEndSave ended it).
   */
  const saveEnd = async (): Promise<CreditAnswer | undefined | 'stopped'> => {
    const s = state.current;
    const position = endPosition();
    const save: EndSave = { playbackId: crypto.randomUUID() };
    say(t('study.savingEnd'), 'savingEnd');
    s.endSave = save;
    s.playbackId = save.playbackId;
    s.seq = 0;
    const start = await report({ position });
    if (s.endSave !== save) return 'stopped';
    const gap = endGap();
    // unanswered (sent again, and finished when answered), or refused (a check due: saved
    // after it passes): this save is over
    if (!start || start.refusal || gap === 0) {
      s.endSave = undefined;
      return start;
    }
    const waited = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(
        () => {
          save.wait = undefined;
          resolve(true);
        },
        (gap + 1) * 1000,
      );
      save.wait = { timer, done: () => resolve(false) };
    });
    if (!waited || s.endSave !== save) return 'stopped';
    s.endSave = undefined;
    return report({ final: true, position });
  };

  /**
   * After a unit's last report was answered (`answer`; undefined: it went unanswered): saves
   * an end left short (`saveFirst`: at once, a face check having stopped a save), then moves
   * on from a unit that is complete, while this player is still the one shown (the learner may
   * have picked another unit meanwhile). An end check (or any due check) opens here first, on
   * this unit, and the page moves on after it passed.
   */
  const finishEnd = async (answer: CreditAnswer | undefined, saveFirst = false) => {
    const s = state.current;
    // one save at a time
    if (s.endSave) return;
    let last: CreditAnswer | undefined | 'stopped' = answer;
    for (let tries = 0; tries < END_SAVE_TRIES && endGap() > 0; tries++) {
      if (!saveFirst && (!last || last === 'stopped' || last.refusal)) break;
      saveFirst = false;
      last = await saveEnd();
    }
    if (last === 'stopped' || !mounted.current || !s.ended || dueRef.current || s.endSave) return;
    if (s.complete) latest.current.onUnitDone();
    // not saved, or short of complete though nothing was refused (a refusal says why itself)
    else if (!s.offline && !last?.refusal) say(t('study.endNotSaved'));
  };
  const finishEndRef = useRef(finishEnd);
  finishEndRef.current = finishEnd;
  const stopEndSaveRef = useRef(stopEndSave);
  stopEndSaveRef.current = stopEndSave;

  /**
   * The due check is passed (here, or elsewhere while this page stayed open): at the end of a
   * complete unit the page moves on; otherwise the video goes on (at the end of an incomplete
   * one, from the furthest point credited) — on its own only after a pass here, where the
   * learner is; one heard of from elsewhere waits for his play.
   */
  const afterPass = (resume: boolean) => {
    setDueCheck(undefined);
    say(undefined);
    state.current.lastActivity = Date.now();
    const s = state.current;
    if (s.ended && s.complete && mounted.current) latest.current.onUnitDone();
    // the check stopped an end save (it came with the save's first report): saved now
    else if (endGap() > 0 && !s.endSave) void finishEnd(undefined, true);
    else {
      if (s.ended && media.current) moveTo(media.current, s.furthest);
      if (resume) void media.current?.play().catch(() => undefined);
    }
  };

  const onEnded = async () => {
    const s = state.current;
    stopTimer();
    s.ended = true;
    // (a PDF reader sends no timeupdate: its end is kept for a leaving report)
    s.position = endPosition();
    await finishEnd(await report({ final: true }));
  };

  return (
    <div className="player">
      {unit.kind === 'document' && unit.playUrl && unit.pageCount && unit.secondsPerPage ? (
        <Suspense fallback={<div className="pdf-reader" />}>
          <PdfReader
            ref={media}
            url={unit.playUrl}
            pageCount={unit.pageCount}
            secondsPerPage={unit.secondsPerPage}
            furthest={() => state.current.furthest}
            onLoaded={onLoaded}
            onPlay={onPlay}
            onPause={onPause}
            onEnded={() => void onEnded()}
          />
        </Suspense>
      ) : (
        <video
          ref={(el) => {
            media.current = el;
          }}
          className="player-video"
          src={unit.playUrl ?? undefined}
          controls
          controlsList="nodownload noplaybackrate"
          disablePictureInPicture
          preload="metadata"
          data-testid="player-video"
          onLoadedMetadata={onLoaded}
          onTimeUpdate={(e) => {
            const v = e.currentTarget;
            const s = state.current;
            // played through (timeupdate comes every ~250 ms) from ground already played, not
            // jumped to by a seek (a skip within the slack past it does not walk it on)
            const step = v.currentTime - s.position;
            if (!v.seeking && !v.paused && step > 0 && step <= PLAYED_STEP && s.position <= s.watched + PLAYED_STEP) {
              s.watched = Math.max(s.watched, v.currentTime);
            }
            s.position = v.currentTime;
          }}
          onPlay={onPlay}
          onPause={onPause}
          onEnded={() => void onEnded()}
          onSeeking={() => {
            const v = media.current;
            if (!v) return;
            const s = state.current;
            // ahead: as far as the learner has played, not the last report's point (up to 15 s behind)
            const allowed = Math.max(s.furthest, s.watched);
            if (v.currentTime > allowed + SEEK_SLACK) {
              moveTo(v, allowed);
              notifyError(t('study.noSeek'));
            } else if (
              v.currentTime < s.position &&
              s.position > s.furthest + SEEK_SLACK &&
              s.playbackId &&
              // not while a face check is open: it would be refused, and rewind
              !dueRef.current
            ) {
              // back, from ground not yet reported: report it first, so that it is credited
              // (the next report, from the earlier point, would cover no new ground)
              void report({ position: s.position });
            }
          }}
          onSeeked={(e) => {
            // the next step is measured from where the seek landed
            state.current.position = e.currentTarget.currentTime;
          }}
          onRateChange={() => {
            const v = media.current;
            if (v && v.playbackRate > 1) {
              v.playbackRate = 1;
              notifyError(t('study.noSpeed'));
            }
          }}
        />
      )}
      <div className="player-status" data-testid="player-status">
        {t('study.creditedNow')}
        {t('punct.colon')}
        <strong data-testid="credited-now">{Math.round(creditedNow)}</strong> {t('study.seconds')}
      </div>
      {/* saving a unit's end is no warning: nothing went wrong, it takes a few seconds; a report
          refused for the check set aside below is said once, by the check's own notice */}
      {notice && !(dueCheck && checkAside && notice.kind === 'FACE_CHECK_DUE') && (
        <PlainNotice tone={notice.kind === 'savingEnd' ? 'info' : 'warning'} title={notice.text} />
      )}
      {dueCheck && checkAside && (
        <PlainNotice
          tone="warning"
          // a unit's end check set aside: what it holds is the next unit, not this one's credit
          // (shown 已完成 · 计入学时 just above)
          title={dueCheck.kind === 'end' ? t('face.endAside') : t('face.creditPaused')}
          action={
            <button type="button" className="plain-btn small primary" onClick={() => setCheckAside(false)}>
              {t('face.pending.take')}
            </button>
          }
        />
      )}
      {dueCheck && !checkAside && (
        // the dialog's code loads when the first check is due; a load failure shows here
        <LoadBoundary key={dueCheck.checkId}>
          <Suspense
            fallback={
              <PlainNotice tone="info" title={t('face.checkTitle')} testId="face-check-loading">
                {t('common.loading')}
              </PlainNotice>
            }
          >
            <LazyFaceCheckDialog
              check={{ ...dueCheck, unitName: dueCheck.unitName ?? unit.tCourseName }}
              onClose={() => setCheckAside(true)}
              onPassed={() => {
                // pages that list open checks or a withheld certificate read again
                void client.invalidateQueries({ queryKey: openChecksKey });
                void client.invalidateQueries({ queryKey: certificateProgressKey });
                afterPass(true);
              }}
            />
          </Suspense>
        </LoadBoundary>
      )}
      <PlainDialog
        open={stillThere}
        title={t('study.stillThere')}
        testId="still-there"
        // Escape: the learner is here; the video waits for his play
        onClose={() => {
          setStillThere(false);
          state.current.lastActivity = Date.now();
        }}
        footer={
          <button
            type="button"
            className="plain-btn primary"
            onClick={() => {
              setStillThere(false);
              state.current.lastActivity = Date.now();
              void media.current?.play().catch(() => undefined);
            }}
          >
            {t('study.keepStudying')}
          </button>
        }
      >
        {t(saying('study.stillThereText'))}
      </PlainDialog>
    </div>
  );
}

import type { WarpCourseData } from '@anxun/shared/schemas/training';
import { Alert, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import type { DueCheck } from '../api/face-api';
import type { CreditAnswer } from '../api/study-api';
import { FaceCheckDialog } from './face-check-dialog';
import { sendReport } from './report-sender';

const REPORT_EVERY_MS = 15_000;
/** after this long paused, playing again is a new playback (the old one has gone idle) */
const NEW_PLAYBACK_AFTER_MS = 80_000;
/** no interaction for this long while playing → "are you still there?" */
const STILL_THERE_AFTER_MS = 10 * 60_000;
const SEEK_SLACK = 1;

interface Props {
  unit: WarpCourseData;
  onAnswer(answer: CreditAnswer): void;
  onEnded(): void;
}

/**
 * The courseware player (issue: learning core, /show): resumes where the learner stopped,
 * never seeks beyond the furthest credited point, keeps the rate at 1×, reports every 15 s
 * and on pause, end and page hide, pauses when the page is hidden, asks after long idling,
 * and shows what the server credited. The server decides all credit; this only reports.
 */
export function CoursewarePlayer({ unit, onAnswer, onEnded }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const state = useRef({
    playbackId: undefined as string | undefined,
    seq: 0,
    furthest: unit.furthestSeconds,
    pausedAt: 0,
    lastActivity: Date.now(),
    timer: undefined as ReturnType<typeof setInterval> | undefined,
  });
  const [creditedNow, setCreditedNow] = useState(0);
  const [notice, setNotice] = useState<string | undefined>();
  const [stillThere, setStillThere] = useState(false);
  /** a face check the server says is due: the video waits for it */
  const [dueCheck, setDueCheckState] = useState<DueCheck | undefined>();
  const [checkAside, setCheckAside] = useState(false);
  // handlers read the ref: a play event may fire before React re-renders after a pass
  const dueRef = useRef<DueCheck | undefined>(undefined);
  const setDueCheck = (check: DueCheck | undefined) => {
    dueRef.current = check;
    setDueCheckState(check);
  };

  const report = async (keepalive = false) => {
    const v = video.current;
    const s = state.current;
    if (!v || !s.playbackId) return;
    try {
      const answer = await sendReport(
        {
          trainWarpCourseId: unit.trainWarpCourseId,
          playbackId: s.playbackId,
          seq: ++s.seq,
          position: Math.round(v.currentTime * 10) / 10,
          rate: v.playbackRate,
          hidden: document.visibilityState === 'hidden',
        },
        keepalive,
      );
      s.furthest = answer.furthestSeconds;
      setCreditedNow((c) => c + answer.creditedSeconds);
      if (answer.faceCheck) {
        setDueCheck(answer.faceCheck);
        if (!v.paused) v.pause();
      }
      // a refused stretch is watched again from the furthest credited point
      if (answer.refusal && answer.refusal !== 'REPLAY') {
        setNotice(answer.refusalMsg ?? undefined);
        if (v.currentTime > s.furthest + SEEK_SLACK) v.currentTime = s.furthest;
      } else if (answer.creditedSeconds > 0) {
        setNotice(undefined);
      }
      onAnswer(answer);
    } catch {
      // offline for a moment: the next report covers the time the server allows
    }
  };

  useEffect(() => {
    const s = state.current;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && video.current && !video.current.paused) {
        video.current.pause();
        setNotice(t('study.pausedHidden'));
      }
    };
    const onActivity = () => {
      s.lastActivity = Date.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pointerdown', onActivity);
    window.addEventListener('keydown', onActivity);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pointerdown', onActivity);
      window.removeEventListener('keydown', onActivity);
      if (s.timer) clearInterval(s.timer);
    };
  }, [t]);

  const onPlay = () => {
    const s = state.current;
    const v = video.current;
    if (!v) return;
    if (dueRef.current) {
      v.pause();
      setCheckAside(false);
      return;
    }
    const fresh = !s.playbackId || (s.pausedAt > 0 && Date.now() - s.pausedAt > NEW_PLAYBACK_AFTER_MS);
    if (fresh) {
      s.playbackId = crypto.randomUUID();
      s.seq = 0;
      void api
        .get(`/api/train/cls_Warp/addRecnum/${unit.trainPersonId}/${unit.courseBookId}/${unit.courseWarpId}`, {
          query: { playbackId: s.playbackId },
          silent: true,
        })
        .catch(() => undefined);
    }
    s.lastActivity = Date.now();
    void report();
    if (s.timer) clearInterval(s.timer);
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
    if (s.timer) clearInterval(s.timer);
    s.timer = undefined;
    s.pausedAt = Date.now();
    void report(true);
  };

  return (
    <div className="player">
      <video
        ref={video}
        className="player-video"
        src={unit.playUrl ?? undefined}
        controls
        controlsList="nodownload noplaybackrate"
        disablePictureInPicture
        preload="metadata"
        data-testid="player-video"
        onLoadedMetadata={() => {
          const v = video.current;
          if (v) v.currentTime = Math.min(unit.lastPosition, state.current.furthest);
        }}
        onPlay={onPlay}
        onPause={onPause}
        onEnded={() => {
          onPause();
          onEnded();
        }}
        onSeeking={() => {
          const v = video.current;
          if (v && v.currentTime > state.current.furthest + SEEK_SLACK) {
            v.currentTime = state.current.furthest;
            notifyError(t('study.noSeek'));
          }
        }}
        onRateChange={() => {
          const v = video.current;
          if (v && v.playbackRate > 1) {
            v.playbackRate = 1;
            notifyError(t('study.noSpeed'));
          }
        }}
      />
      <div className="player-status" data-testid="player-status">
        {t('study.creditedNow')}：<strong data-testid="credited-now">{Math.round(creditedNow)}</strong>{' '}
        {t('study.seconds')}
      </div>
      {notice && <Alert type="warning" showIcon message={notice} />}
      {dueCheck && !checkAside && (
        <FaceCheckDialog
          key={dueCheck.checkId}
          check={dueCheck}
          onClose={() => setCheckAside(true)}
          onPassed={() => {
            setDueCheck(undefined);
            setNotice(undefined);
            state.current.lastActivity = Date.now();
            void video.current?.play();
          }}
        />
      )}
      <Modal
        open={stillThere}
        title={t('study.stillThere')}
        okText={t('study.keepStudying')}
        cancelButtonProps={{ style: { display: 'none' } }}
        closable={false}
        maskClosable={false}
        onOk={() => {
          setStillThere(false);
          state.current.lastActivity = Date.now();
          void video.current?.play();
        }}
      >
        {t('study.stillThereText')}
      </Modal>
    </div>
  );
}

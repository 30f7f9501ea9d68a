import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { getOpenChecks, openChecksKey } from '../../../components/face-check/face-check-api';
import { PendingChecks } from '../../../components/face-check/pending-checks';
import { PlainFacts } from '../../../components/plain-facts';
import { PlainNotice } from '../../../components/plain-notice';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { ErrorCode } from '@anxun/shared/errors';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { certificateProgressKey } from '../../../lib/certificate-progress';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import {
  examSummary,
  reviewExam,
  saveExam,
  startExam,
  submitExam,
  type AnswerValue,
  type ExamPaper,
  type ExamReview,
  type ExamSummary,
} from '../api/exams-api';
import { forgetAnswers, keepAnswers, keptAnswers } from '../../../lib/kept-answers';
import { AnswerInput, hasAnswer } from './answer-input';
import { ExamReviewView } from './exam-review';
import { PassedNext } from './passed-next';
import { QuestionStem } from './question-stem';

const SAVE_EVERY_MS = 20_000;
/**
 * A save's failures tried again: no network (0), a timeout, too many requests, the server's or
 * a gateway's own (5xx), and an answer that is not ours (a captive portal's page, say).
 */
const retried = (err: unknown) =>
  err instanceof ApiError &&
  (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500 || err.code === ErrorCode.UNKNOWN);
/** 考前人脸核验 asked for (a pass voided mid-exam, a check opened elsewhere, another login) */
const faceRequired = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.FACE_CHECK_REQUIRED;

/** The time left to `deadline` as HH:mm:ss, each second; `onFinish` once it runs out. */
function Countdown({ deadline, title, onFinish }: { deadline: number; title: string; onFinish(): void }) {
  const [now, setNow] = useState(Date.now);
  const finished = useRef(false);
  const left = Math.max(0, deadline - now);
  useEffect(() => {
    if (left === 0) {
      if (!finished.current) {
        finished.current = true;
        onFinish();
      }
      return;
    }
    // on the next whole second of the time left
    const timer = setTimeout(() => setNow(Date.now()), left % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [left, onFinish]);
  const seconds = Math.ceil(left / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    <div className="exam-countdown">
      <span>{title}</span>
      <strong role="timer" data-testid="exam-time-left">
        {two(Math.floor(seconds / 3600))}:{two(Math.floor(seconds / 60) % 60)}:{two(seconds % 60)}
      </strong>
    </div>
  );
}

/** A question asked before an exam starts or is handed in. */
interface Confirm {
  title: string;
  text: string | undefined;
  ok: string;
  onOk(): void;
  /**
   * Enter presses OK (a new paper: antd's confirm opens on OK); else it opens on 取消 (the
   * hand-in: an Enter pressed twice on 交卷 must not hand the paper in)
   */
  focusOk?: boolean;
}

function ExamConfirm({ confirm, onClose }: { confirm: Confirm | undefined; onClose(): void }) {
  return (
    <ConfirmDialog
      open={Boolean(confirm)}
      title={confirm?.title}
      ok={confirm?.ok}
      focusOk={confirm?.focusOk}
      onOk={() => confirm?.onOk()}
      onClose={onClose}
      testId="exam-confirm"
    >
      {confirm?.text}
    </ConfirmDialog>
  );
}

/** An attempt's state, as a tag. */
const Tag = ({ tone, children }: { tone?: 'success' | 'error' | 'warning'; children: ReactNode }) => (
  <span className={`plain-tag${tone ? ` ${tone}` : ''}`}>{children}</span>
);

/** The paper: a countdown by the server's deadline, answers saved as the learner goes, hand-in. */
function PaperView({ paper, onDone }: { paper: ExamPaper; onDone(review: ExamReview): void }) {
  const { t } = useTranslation();
  const judge: [string, string] = [t('exams.true'), t('exams.false')];
  /** the server's last save as this page knows it: what kept answers are laid over */
  const base = useRef(paper.answersSavedAt ? Date.parse(paper.answersSavedAt) : null);
  // what this browser kept of the paper and the server never saved (a reload after a refused
  // save) — unless the server saved since (another device, or this page's save as it closed)
  const [kept] = useState(() => {
    const found = keptAnswers(paper.attemptId);
    if (!found || found.base !== base.current) return {};
    const onPaper = new Set(paper.questions.map((q) => q.questionId));
    return Object.fromEntries(Object.entries(found.answers).filter(([id]) => onPaper.has(id)));
  });
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(() => ({ ...paper.answers, ...kept }));
  const [submitting, setSubmitting] = useState(false);
  const deadline = useRef(Date.now() + paper.secondsLeft * 1000);
  const latest = useRef(answers);
  latest.current = answers;
  const dirty = useRef(Object.keys(kept).length > 0);
  const handedIn = useRef(false);
  /** the hand-in was refused for a face check: it is made again once the check passes */
  const handInWaits = useRef(false);
  const saveNow = useRef<() => void>(() => undefined);
  const [confirm, setConfirm] = useState<Confirm | undefined>();
  const client = useQueryClient();
  /** how many times a save or the hand-in asked for a face check (each opens it) */
  const [faceAsked, setFaceAsked] = useState(0);
  const askFace = useCallback(() => {
    void client
      .fetchQuery({ queryKey: openChecksKey, queryFn: getOpenChecks, staleTime: 0 })
      .catch(() => [])
      .then(() => setFaceAsked((n) => n + 1));
  }, [client]);

  const handIn = useCallback(() => {
    // the hand-in carries every answer: nothing is left to save
    dirty.current = false;
    handedIn.current = true;
    setSubmitting(true);
    submitExam(paper.attemptId, latest.current)
      .then((review) => {
        forgetAnswers(paper.attemptId);
        onDone(review);
      })
      .catch((err: unknown) => {
        // not handed in: the answers are still to be saved
        handedIn.current = false;
        dirty.current = true;
        setSubmitting(false);
        if (faceRequired(err)) {
          handInWaits.current = true;
          askFace();
        }
      });
  }, [paper.attemptId, onDone, askFace]);

  useEffect(() => {
    // one paper's answers kept at a time
    forgetAnswers(paper.attemptId, true);
  }, [paper.attemptId]);
  useEffect(() => {
    if (dirty.current) keepAnswers(paper.attemptId, { base: base.current, answers });
  }, [paper.attemptId, answers]);

  useEffect(() => {
    const save = (leaving = false) => {
      // the hand-in carried every answer
      if (!dirty.current || handedIn.current) return;
      dirty.current = false;
      const saving = saveExam(paper.attemptId, latest.current, leaving);
      saving.then(
        ({ savedAt }) => {
          base.current = Date.parse(savedAt);
          // saved, and nothing answered since: the server's copy is the whole paper
          if (!dirty.current) forgetAnswers(paper.attemptId);
          else keepAnswers(paper.attemptId, { base: base.current, answers: latest.current });
        },
        () => undefined,
      );
      void saving.catch((err: unknown) => {
        // not saved for want of a network or a server: the next save tries again (a refusal,
        // such as a paper past its time, is not retried)
        if (!handedIn.current && (retried(err) || faceRequired(err))) {
          dirty.current = true;
        }
        // kept, and saved once his face passes
        if (faceRequired(err) && !leaving) askFace();
      });
    };
    saveNow.current = save;
    const timer = setInterval(save, SAVE_EVERY_MS);
    // a reload, a closed tab, a phone switching apps (which may then close the page unseen):
    // the answers since the last save are sent now, in a request that outlives the page
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    const onPageHide = () => save(true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // left for another tab or course: the answers since the last save are saved now
      save();
    };
  }, [paper.attemptId, askFace]);

  const answered = paper.questions.filter((q) => hasAnswer(answers[q.questionId])).length;
  return (
    <div className="exam-paper" data-testid="exam-paper">
      <ExamConfirm confirm={confirm} onClose={() => setConfirm(undefined)} />
      {faceAsked > 0 && (
        <PendingChecks
          key={faceAsked}
          openFirst
          onPassed={() => {
            // passed: the hand-in it stopped is made, else what waited is saved now
            if (handInWaits.current) {
              handInWaits.current = false;
              handIn();
            } else saveNow.current();
          }}
        />
      )}
      <div className="exam-bar plain-panel">
        <Countdown deadline={deadline.current} title={t('exams.timeLeft')} onFinish={handIn} />
        <span>
          {t('exams.answered')} {answered}/{paper.questions.length}
        </span>
        <button
          type="button"
          className={`plain-btn primary${submitting ? ' loading' : ''}`}
          aria-busy={submitting}
          disabled={submitting}
          data-testid="exam-submit"
          onClick={() =>
            setConfirm({
              title: t('exams.confirmSubmit'),
              text:
                answered < paper.questions.length
                  ? t('exams.unanswered', { count: paper.questions.length - answered })
                  : undefined,
              ok: t('exams.submit'),
              onOk: handIn,
            })
          }
        >
          {t('exams.submit')}
        </button>
      </div>
      {paper.questions.map((q, i) => (
        <div key={q.questionId} className="question-card plain-panel" data-testid="exam-question">
          <QuestionStem
            id={`stem-${q.questionId}`}
            number={i + 1}
            kind={q.kind}
            stem={q.stem}
            points={q.points}
            imageUrl={q.imageUrl}
          />
          <AnswerInput
            labelledBy={`stem-${q.questionId}`}
            question={q}
            value={answers[q.questionId]}
            judgeTexts={judge}
            onChange={(value) => {
              dirty.current = true;
              setAnswers((old) => ({ ...old, [q.questionId]: value }));
            }}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * 考试: the course's exam settings and attempts; a paper in progress; a review after
 * hand-in. The score is the server's.
 */
export function ExamPanel({ classCourseId, onWrongBook }: { classCourseId: string; onWrongBook?: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [summary, setSummary] = useState<ExamSummary | undefined>();
  const [paper, setPaper] = useState<ExamPaper | undefined>();
  const [review, setReview] = useState<ExamReview | undefined>();
  /** the review is of a paper just handed in: what comes next is said with it */
  const [handedIn, setHandedIn] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | undefined>();
  /** 考前人脸核验: how many times the start asked for a check (each opens it) */
  const [faceAsked, setFaceAsked] = useState(0);
  const start = useCallback(() => {
    startExam(classCourseId)
      .then(setPaper)
      .catch(async (err: unknown) => {
        if (!(err instanceof ApiError)) return;
        // any other refusal is said as every error is; the check is no error — its dialog says it
        if (err.code !== ErrorCode.FACE_CHECK_REQUIRED) {
          notifyError(err.message);
          return;
        }
        // the check the server opened, fresh, then opened here; once passed the exam starts
        await client.fetchQuery({ queryKey: openChecksKey, queryFn: getOpenChecks, staleTime: 0 }).catch(() => []);
        setFaceAsked((n) => n + 1);
      });
  }, [classCourseId, client]);
  const load = useCallback(() => {
    examSummary(classCourseId)
      .then(setSummary)
      .catch(() => undefined);
  }, [classCourseId]);
  useEffect(() => {
    setPaper(undefined);
    setReview(undefined);
    load();
  }, [load]);

  if (review) {
    const left = summary ? summary.attemptsAllowed - summary.attemptsUsed : undefined;
    return (
      <>
        <button
          type="button"
          className="plain-btn small exam-back"
          onClick={() => (setReview(undefined), setHandedIn(false), load())}
        >
          {t('exams.back')}
        </button>
        <ExamReviewView
          review={review}
          next={
            !handedIn || review.voided ? undefined : review.passed ? (
              <PassedNext trainPersonId={summary?.trainPersonId} studyDone={summary?.studyDone ?? true} />
            ) : left === undefined ? undefined : left > 0 ? (
              <PlainNotice
                tone="info"
                title={t('exams.nextAfterFail', { count: left })}
                testId="exam-next"
                action={
                  onWrongBook && (
                    <button type="button" className="plain-btn small primary" onClick={onWrongBook}>
                      {t('exams.toWrongBook')}
                    </button>
                  )
                }
              />
            ) : (
              <PlainNotice tone="warning" title={t('exams.noAttemptsLeft')} testId="exam-next" />
            )
          }
        />
      </>
    );
  }
  if (paper) {
    return (
      <PaperView
        paper={paper}
        onDone={(r) => {
          setPaper(undefined);
          setReview(r);
          setHandedIn(true);
          // the tries left, for what to do next: the summary read before this paper counts it as
          // open — nothing is said until the fresh one is here
          setSummary(undefined);
          load();
          // a pass may complete the course and the class: 我的学习, 课程进度 and 课程详情 (kept
          // alive, their answers fresh for 30 s) and the certificate's progress are asked again
          void client.invalidateQueries({ queryKey: ['study'] });
          void client.invalidateQueries({ queryKey: ['online', 'use-state'] }); // 课程详情's next step
          void client.invalidateQueries({ queryKey: certificateProgressKey });
        }}
      />
    );
  }
  if (!summary) return <SkeletonLines lines={4} className="exams-loading" />;
  const { rules } = summary;
  const canStart = !summary.passed && (summary.openAttemptId || summary.attemptsUsed < summary.attemptsAllowed);
  const facts: Array<[string, ReactNode]> = [
    [t('exams.duration'), `${rules.durationMinutes} ${t('study.minutes')}`],
    [t('exams.total'), rules.totalScore],
    [t('exams.passMark'), rules.passScore],
    [t('exams.attempts'), `${summary.attemptsUsed}/${summary.attemptsAllowed}`],
    [t('exams.best'), summary.bestScore ?? '—'],
    [
      t('exams.requiredLabel'),
      !rules.required ? t('exams.requiredNo') : summary.passed ? t('exams.requiredDone') : t('exams.requiredYes'),
    ],
  ];
  return (
    <div className="exam-summary plain-panel" data-testid="exam-summary">
      <ExamConfirm confirm={confirm} onClose={() => setConfirm(undefined)} />
      <PlainFacts facts={facts} />
      {faceAsked > 0 && <PendingChecks key={faceAsked} openFirst onPassed={start} />}
      {summary.passed ? (
        <PlainNotice tone="success" title={t('exams.alreadyPassed')} testId="exam-passed" />
      ) : !canStart ? (
        <PlainNotice tone="warning" title={t('exams.noAttemptsLeft')} />
      ) : !summary.inPeriod && !summary.openAttemptId ? (
        // outside the class's period no paper starts (the server refuses it): said, not offered
        <PlainNotice tone="warning" title={t('exams.outOfPeriod')} testId="exam-out-of-period" />
      ) : rules.afterStudy && !summary.studyDone && !summary.openAttemptId ? (
        // the class opens the exam once the course is studied
        <PlainNotice tone="info" title={t('exams.studyFirst')} testId="exam-study-first" />
      ) : (
        <button
          type="button"
          className="plain-btn primary exam-start"
          data-testid="exam-start"
          onClick={() => {
            // resuming costs nothing; a new paper starts the clock and uses an attempt
            if (summary.openAttemptId) start();
            else
              setConfirm({
                title: t('exams.confirmStart'),
                text: t('exams.confirmStartText', {
                  minutes: rules.durationMinutes,
                  attempt: summary.attemptsUsed + 1,
                  allowed: summary.attemptsAllowed,
                }),
                ok: t('exams.start'),
                onOk: start,
                focusOk: true,
              });
          }}
        >
          {summary.openAttemptId ? t('exams.resume') : t('exams.start')}
        </button>
      )}
      {summary.faceCheckFirst && canStart && !summary.passed && (summary.inPeriod || summary.openAttemptId) && (
        // said before the click: the check is the next step, not a surprise
        <p className="exam-face-note" data-testid="exam-face-note">
          {summary.openAttemptId ? t('exams.faceFirstResume') : t('exams.faceFirst')}
        </p>
      )}
      {summary.attempts.some((a) => a.voided) && (
        <p className="exam-voided-note" data-testid="exam-voided-note">
          {t('exams.voidedNote')}
        </p>
      )}
      {summary.attempts.length > 0 && (
        <div className="exam-history">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('exams.startedAt')}</th>
                <th scope="col">{t('exams.score')}</th>
                <th scope="col">{t('study.status')}</th>
                <td />
              </tr>
            </thead>
            <tbody>
              {summary.attempts.map((a) => (
                <tr key={a.attemptId}>
                  <td>{formatDateTime(a.startedAt)}</td>
                  <td>{a.score ?? '—'}</td>
                  <td>
                    {a.voided ? (
                      <Tag tone="error">{t('exams.voided')}</Tag>
                    ) : a.status === 'open' ? (
                      <Tag>{t('exams.inProgress')}</Tag>
                    ) : a.passed ? (
                      <Tag tone="success">{t('exams.passed')}</Tag>
                    ) : (
                      <Tag tone="error">{t('exams.failed')}</Tag>
                    )}
                    {a.status === 'expired' && !a.voided && <Tag tone="warning">{t('exams.expired')}</Tag>}
                  </td>
                  <td>
                    {a.status !== 'open' && (
                      <button
                        type="button"
                        className="plain-link"
                        onClick={() => void reviewExam(a.attemptId).then(setReview)}
                      >
                        {t('exams.review')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

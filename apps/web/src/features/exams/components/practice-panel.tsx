import { useEffect, useId, useState } from 'react';
import { PlainNotice } from '../../../components/plain-notice';
import { ProgressLine } from '../../../components/plain-progress';
import { PlainResult } from '../../../components/plain-result';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { ApiError } from '../../../lib/api-client';
import { Analysis } from './analysis';
import { localiseText, useTranslation } from '../../../lib/i18n';
import {
  answerPractice,
  nextPractice,
  resetPractice,
  type AnswerValue,
  type PracticeMode,
  type PracticeQuestion,
  type PracticeResult,
} from '../api/exams-api';
import { AnswerInput, answerText, hasAnswer } from './answer-input';
import { QuestionStem } from './question-stem';

/**
 * One practice mode: a question (no key), the learner's answer, then the key and analysis,
 * then the next. Sequential practice resumes where it stopped, on any device.
 */
export function PracticePanel({
  bookId,
  mode,
  onExam,
}: {
  bookId: string;
  mode: PracticeMode;
  /** opens the exam tab: offered while the course's exam is running (practice waits for its hand-in) */
  onExam(): void;
}) {
  const { t, language } = useTranslation();
  const judge: [string, string] = [t('exams.true'), t('exams.false')];
  const [state, setState] = useState<PracticeQuestion | undefined>();
  const [value, setValue] = useState<AnswerValue | undefined>();
  const [result, setResult] = useState<PracticeResult | undefined>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | undefined>();
  const stemId = useId();

  const load = () => {
    setResult(undefined);
    setValue(undefined);
    setRefusal(undefined);
    // a refusal is said in the panel, not in a toast over an empty one
    nextPractice(bookId, mode)
      .then(setState)
      .catch((err: unknown) => {
        if (err instanceof ApiError) setRefusal(err);
      });
  };
  useEffect(load, [bookId, mode]);

  if (refusal) {
    // 409: the course's exam is running (practice shows keys from the same bank); a network
    // or server failure may pass on a retry; any other refusal (not in the course) will not
    const examRunning = refusal.status === 409;
    const passing = refusal.status === 0 || refusal.status >= 500;
    return (
      <PlainResult
        tone={examRunning ? 'info' : 'warning'}
        title={localiseText(language, refusal.message)}
        testId="practice-refused"
        actions={
          (examRunning || passing) && (
            <button type="button" className="plain-btn primary" onClick={examRunning ? onExam : load}>
              {examRunning ? t('exams.resume') : t('exams.retry')}
            </button>
          )
        }
      />
    );
  }
  if (!state) return <SkeletonLines lines={5} className="exams-loading" />;
  const q = state.question;
  if (!q) {
    return mode === 'wrong' ? (
      <PlainResult tone="success" title={t('exams.wrongBookEmpty')} testId="practice-done" />
    ) : (
      <PlainResult
        tone="success"
        title={t('exams.allDone', { total: state.total })}
        testId="practice-done"
        actions={
          <button type="button" className="plain-btn primary" onClick={() => void resetPractice(bookId).then(load)}>
            {t('exams.restart')}
          </button>
        }
      />
    );
  }
  return (
    <div
      className={`question-card plain-panel${result ? (result.correct ? ' practice-right' : ' practice-wrong') : ''}`}
      data-testid="practice-question"
    >
      {mode === 'wrong' && <PlainNotice className="wrong-book-rule" tone="info" title={t('exams.wrongBookRule')} />}
      <div className="practice-meta">
        {mode === 'sequential' ? (
          <ProgressLine
            label={t('exams.practiceProgress')}
            percent={Math.round(((state.position - 1) / Math.max(1, state.total)) * 100)}
            text={`${state.position}/${state.total}`}
          />
        ) : null}
        <span>
          {t('exams.wrongBook')}
          {t('punct.colon')}
          <strong data-testid="wrong-book-count">{result?.wrongBook ?? state.wrongBook}</strong>
        </span>
      </div>
      <QuestionStem id={stemId} kind={q.kind} stem={q.stem} imageUrl={q.imageUrl} />
      <AnswerInput
        question={q}
        value={value}
        onChange={setValue}
        disabled={Boolean(result)}
        judgeTexts={judge}
        labelledBy={stemId}
      />
      {result ? (
        <>
          <PlainNotice
            className="practice-result"
            tone={result.correct ? 'success' : 'error'}
            testId="practice-result"
            title={result.correct ? t('exams.right') : t('exams.wrong')}
          >
            <div>
              {t('exams.correctAnswer')}
              {t('punct.colon')}
              <strong>{answerText(result.correctAnswer, judge)}</strong>
            </div>
            <Analysis text={result.analysis} />
            {result.removedFromWrongBook && <div>{t('exams.removedFromBook')}</div>}
          </PlainNotice>
          <button type="button" className="plain-btn primary" onClick={load} data-testid="practice-next">
            {t('exams.next')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className={`plain-btn primary${busy ? ' loading' : ''}`}
          aria-busy={busy}
          disabled={!hasAnswer(value) || busy}
          data-testid="practice-submit"
          onClick={() => {
            if (value === undefined) return;
            setBusy(true);
            answerPractice({ courseBookId: bookId, questionId: q.questionId, mode, answer: value })
              .then(setResult)
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        >
          {t('exams.submitAnswer')}
        </button>
      )}
    </div>
  );
}

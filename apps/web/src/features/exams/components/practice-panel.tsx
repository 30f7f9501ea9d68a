import { Alert, Button, Card, Empty, Progress, Result, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  answerPractice,
  nextPractice,
  resetPractice,
  type AnswerValue,
  type PracticeMode,
  type PracticeQuestion,
  type PracticeResult,
} from '../api/exams-api';
import { AnswerInput, answerText } from './answer-input';
import { QuestionImage } from './question-image';

const hasAnswer = (value: AnswerValue | undefined) =>
  value !== undefined && (!Array.isArray(value) || value.some((v) => v.trim() !== ''));

/**
 * One practice mode: a question (no key), the learner's answer, then the key and analysis,
 * then the next. Sequential practice resumes where it stopped, on any device.
 */
export function PracticePanel({ bookId, mode }: { bookId: string; mode: PracticeMode }) {
  const { t } = useTranslation();
  const judge: [string, string] = [t('exams.true'), t('exams.false')];
  const [state, setState] = useState<PracticeQuestion | undefined>();
  const [value, setValue] = useState<AnswerValue | undefined>();
  const [result, setResult] = useState<PracticeResult | undefined>();
  const [busy, setBusy] = useState(false);

  const load = () => {
    setResult(undefined);
    setValue(undefined);
    nextPractice(bookId, mode)
      .then(setState)
      .catch(() => undefined);
  };
  useEffect(load, [bookId, mode]);

  if (!state) return <Skeleton active />;
  const q = state.question;
  if (!q) {
    return mode === 'wrong' ? (
      <Result status="success" title={t('exams.wrongBookEmpty')} />
    ) : (
      <Result
        status="success"
        title={t('exams.allDone', { total: state.total })}
        extra={
          <Button type="primary" onClick={() => void resetPractice(bookId).then(load)}>
            {t('exams.restart')}
          </Button>
        }
      />
    );
  }
  return (
    <Card
      className={`question-card${result ? (result.correct ? ' practice-right' : ' practice-wrong') : ''}`}
      data-testid="practice-question"
    >
      {mode === 'wrong' && (
        <Alert className="wrong-book-rule" type="info" showIcon message={t('exams.wrongBookRule')} />
      )}
      <div className="practice-meta">
        {mode === 'sequential' ? (
          <Progress
            percent={Math.round(((state.position - 1) / Math.max(1, state.total)) * 100)}
            format={() => `${state.position}/${state.total}`}
          />
        ) : null}
        <span>
          {t('exams.wrongBook')}
          {t('punct.colon')}
          <strong data-testid="wrong-book-count">{result?.wrongBook ?? state.wrongBook}</strong>
        </span>
      </div>
      <p className="question-stem">
        <Tag>{t(`exams.kinds.${q.kind}`)}</Tag>
        {q.stem}
      </p>
      <QuestionImage url={q.imageUrl} />
      <AnswerInput question={q} value={value} onChange={setValue} disabled={Boolean(result)} judgeTexts={judge} />
      {result ? (
        <>
          <Alert
            className="practice-result"
            type={result.correct ? 'success' : 'error'}
            showIcon
            data-testid="practice-result"
            message={result.correct ? t('exams.right') : t('exams.wrong')}
            description={
              <>
                <div>
                  {t('exams.correctAnswer')}
                  {t('punct.colon')}
                  <strong>{answerText(result.correctAnswer, judge)}</strong>
                </div>
                <div className="analysis">
                  {t('exams.analysis')}
                  {t('punct.colon')}
                  {result.analysis}
                </div>
                {result.removedFromWrongBook && <div>{t('exams.removedFromBook')}</div>}
              </>
            }
          />
          <Button type="primary" onClick={load} data-testid="practice-next">
            {t('exams.next')}
          </Button>
        </>
      ) : (
        <Button
          type="primary"
          loading={busy}
          disabled={!hasAnswer(value)}
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
        </Button>
      )}
      {mode === 'wrong' && state.wrongBook === 0 && <Empty />}
    </Card>
  );
}

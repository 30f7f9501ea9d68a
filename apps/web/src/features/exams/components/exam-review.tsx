import { useEffect, useRef, type ReactNode } from 'react';
import { PlainNotice } from '../../../components/plain-notice';
import { PlainResult } from '../../../components/plain-result';
import { formatDateTime } from '../../../lib/format';
import { Analysis } from './analysis';
import { useTranslation } from '../../../lib/i18n';
import type { ExamReview } from '../api/exams-api';
import { answerText, letter } from './answer-input';
import { QuestionStem } from './question-stem';

/** A handed-in paper: the score, and each question with the learner's answer, the key and the analysis. */
export function ExamReviewView({ review, next }: { review: ExamReview; next?: ReactNode }) {
  const { t } = useTranslation();
  const judge: [string, string] = [t('exams.true'), t('exams.false')];
  const top = useRef<HTMLDivElement>(null);
  // handed in from the bottom of a long paper: the score is what the learner looks for
  // (braces: newer browsers return a promise from scrollIntoView, and an effect may return only a cleanup)
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
  }, [review.attemptId]);
  return (
    <div data-testid="exam-review" ref={top} className="exam-review">
      <PlainResult
        tone={review.passed ? 'success' : 'warning'}
        title={
          <span data-testid="exam-score">
            {t('exams.score')} {review.score} / {review.totalScore}
          </span>
        }
      >
        <p>
          {review.voided
            ? t('exams.voided')
            : review.passed
              ? t('exams.passed')
              : t('exams.notPassed', { pass: review.passScore })}{' '}
          · {formatDateTime(review.submittedAt)}
        </p>
      </PlainResult>
      {next}
      {review.late && <PlainNotice tone="warning" title={t('exams.lateNotice')} />}
      {review.voided && (
        <PlainNotice tone="error" title={t('exams.voided')} testId="exam-review-voided">
          {t('exams.voidedHint')}
        </PlainNotice>
      )}
      <ol className="review-list">
        {review.items.map((item, i) => (
          <li key={item.questionId} className={`review-item plain-panel ${item.correct ? 'is-right' : 'is-wrong'}`}>
            <QuestionStem
              number={i + 1}
              kind={item.kind}
              stem={item.stem}
              points={item.points}
              imageUrl={item.imageUrl}
            />
            {item.options.length > 0 && (
              <ol className="review-options">
                {item.options.map((o, j) => (
                  <li key={j}>
                    {letter(j)}. {o}
                  </li>
                ))}
              </ol>
            )}
            <div>
              {t('exams.yourAnswer')}
              {t('punct.colon')}
              {answerText(item.given, judge)} · {t('exams.correctAnswer')}
              {t('punct.colon')}
              <strong>{answerText(item.correctAnswer, judge)}</strong> · {t('exams.earned')} {item.earned}
            </div>
            <Analysis text={item.analysis} />
          </li>
        ))}
      </ol>
    </div>
  );
}

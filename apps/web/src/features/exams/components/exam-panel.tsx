import { Alert, Button, Card, Descriptions, Modal, Skeleton, Statistic, Table, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { AnswerInput } from './answer-input';
import { ExamReviewView } from './exam-review';
import { QuestionImage } from './question-image';

const SAVE_EVERY_MS = 20_000;

/** The paper: a countdown by the server's deadline, answers saved as the learner goes, hand-in. */
function PaperView({ paper, onDone }: { paper: ExamPaper; onDone(review: ExamReview): void }) {
  const { t } = useTranslation();
  const judge: [string, string] = [t('exams.true'), t('exams.false')];
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(paper.answers);
  const [submitting, setSubmitting] = useState(false);
  const deadline = useRef(Date.now() + paper.secondsLeft * 1000);
  const latest = useRef(answers);
  latest.current = answers;
  const dirty = useRef(false);
  // the hook's dialogs are drawn inside the page's provider, in its theme (a static one is not)
  const [modal, modalHolder] = Modal.useModal();

  const handIn = useCallback(() => {
    setSubmitting(true);
    submitExam(paper.attemptId, latest.current)
      .then(onDone)
      .catch(() => setSubmitting(false));
  }, [paper.attemptId, onDone]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (!dirty.current) return;
      dirty.current = false;
      void saveExam(paper.attemptId, latest.current).catch(() => undefined);
    }, SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [paper.attemptId]);

  const answered = paper.questions.filter((q) => answers[q.questionId] !== undefined).length;
  return (
    <div className="exam-paper" data-testid="exam-paper">
      {modalHolder}
      <Card className="exam-bar">
        <Statistic.Timer type="countdown" title={t('exams.timeLeft')} value={deadline.current} onFinish={handIn} />
        <span>
          {t('exams.answered')} {answered}/{paper.questions.length}
        </span>
        <Button
          type="primary"
          loading={submitting}
          data-testid="exam-submit"
          onClick={() =>
            modal.confirm({
              title: t('exams.confirmSubmit'),
              content:
                answered < paper.questions.length
                  ? t('exams.unanswered', { count: paper.questions.length - answered })
                  : undefined,
              okText: t('exams.submit'),
              cancelText: t('common.cancel'),
              onOk: handIn,
            })
          }
        >
          {t('exams.submit')}
        </Button>
      </Card>
      {paper.questions.map((q, i) => (
        <Card key={q.questionId} size="small" className="question-card" data-testid="exam-question">
          <p className="question-stem">
            {i + 1}. <Tag>{t(`exams.kinds.${q.kind}`)}</Tag>
            {q.stem}{' '}
            <small>
              （{q.points}
              {t('exams.points')}）
            </small>
          </p>
          <QuestionImage url={q.imageUrl} />
          <AnswerInput
            question={q}
            value={answers[q.questionId]}
            judgeTexts={judge}
            onChange={(value) => {
              dirty.current = true;
              setAnswers((old) => ({ ...old, [q.questionId]: value }));
            }}
          />
        </Card>
      ))}
    </div>
  );
}

/**
 * 考试: the course's exam settings and attempts; a paper in progress; a review after
 * hand-in. The score is the server's.
 */
export function ExamPanel({ classCourseId }: { classCourseId: string }) {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<ExamSummary | undefined>();
  const [paper, setPaper] = useState<ExamPaper | undefined>();
  const [review, setReview] = useState<ExamReview | undefined>();
  const [modal, modalHolder] = Modal.useModal();
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
    return (
      <>
        <Button onClick={() => (setReview(undefined), load())} style={{ marginBottom: 12 }}>
          {t('exams.back')}
        </Button>
        <ExamReviewView review={review} />
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
        }}
      />
    );
  }
  if (!summary) return <Skeleton active />;
  const { rules } = summary;
  const canStart = !summary.passed && (summary.openAttemptId || summary.attemptsUsed < summary.attemptsAllowed);
  return (
    <Card data-testid="exam-summary">
      {modalHolder}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'd', label: t('exams.duration'), children: `${rules.durationMinutes} ${t('study.minutes')}` },
          { key: 't', label: t('exams.total'), children: rules.totalScore },
          { key: 'p', label: t('exams.passMark'), children: rules.passScore },
          { key: 'a', label: t('exams.attempts'), children: `${summary.attemptsUsed}/${summary.attemptsAllowed}` },
          { key: 'b', label: t('exams.best'), children: summary.bestScore ?? '—' },
          {
            key: 'r',
            label: t('exams.requiredLabel'),
            children: rules.required ? t('exams.requiredYes') : t('exams.requiredNo'),
          },
        ]}
      />
      {summary.passed ? (
        <Alert type="success" showIcon message={t('exams.alreadyPassed')} data-testid="exam-passed" />
      ) : !canStart ? (
        <Alert type="warning" showIcon message={t('exams.noAttemptsLeft')} />
      ) : (
        <Button
          type="primary"
          className="exam-start"
          data-testid="exam-start"
          onClick={() => {
            const go = () =>
              void startExam(classCourseId)
                .then(setPaper)
                .catch(() => undefined);
            // resuming costs nothing; a new paper starts the clock and uses an attempt
            if (summary.openAttemptId) go();
            else
              modal.confirm({
                title: t('exams.confirmStart'),
                content: t('exams.confirmStartText', {
                  minutes: rules.durationMinutes,
                  attempt: summary.attemptsUsed + 1,
                  allowed: summary.attemptsAllowed,
                }),
                okText: t('exams.start'),
                cancelText: t('common.cancel'),
                onOk: go,
              });
          }}
        >
          {summary.openAttemptId ? t('exams.resume') : t('exams.start')}
        </Button>
      )}
      {summary.attempts.length > 0 && (
        <Table
          className="exam-history"
          size="small"
          rowKey="attemptId"
          pagination={false}
          dataSource={summary.attempts}
          columns={[
            { title: t('exams.startedAt'), dataIndex: 'startedAt', render: (d: string) => formatDateTime(d) },
            { title: t('exams.score'), dataIndex: 'score', render: (s: number | null) => s ?? '—' },
            {
              title: t('study.status'),
              key: 'status',
              render: (_: unknown, a: ExamSummary['attempts'][number]) =>
                a.status === 'open' ? (
                  <Tag>{t('exams.inProgress')}</Tag>
                ) : a.passed ? (
                  <Tag color="success">{t('exams.passed')}</Tag>
                ) : (
                  <Tag color="error">{t('exams.failed')}</Tag>
                ),
            },
            {
              title: '',
              key: 'review',
              render: (_: unknown, a: ExamSummary['attempts'][number]) =>
                a.status !== 'open' && (
                  <Button size="small" type="link" onClick={() => void reviewExam(a.attemptId).then(setReview)}>
                    {t('exams.review')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

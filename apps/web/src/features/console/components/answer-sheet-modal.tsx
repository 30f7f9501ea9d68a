import { List, Modal, Spin, Tag } from 'antd';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useAnswerSheet, type ExamReview } from '../api/reports-api';

type Item = ExamReview['items'][number];
const LETTERS = 'ABCDEFGH';
/** an answer as written: a multiple choice's letters together (AC), a fill-in's blanks apart (根 | 红) */
const shown = (kind: Item['kind'], value: Item['given'] | Item['correctAnswer'], judge: [string, string]): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'boolean'
      ? judge[value ? 0 : 1]
      : Array.isArray(value)
        ? value.join(kind === 'fill' ? ' | ' : '')
        : value;

/** 答卷: an attempt as it was handed in — each question as drawn, the answer, the key, the points. */
export function AnswerSheetModal({
  attemptId,
  courseName,
  onClose,
}: {
  attemptId: string | undefined;
  courseName: string;
  onClose(): void;
}) {
  const { t, language } = useTranslation();
  const sheet = useAnswerSheet(attemptId);
  const judge: [string, string] = [t('console.reports.judgeTrue'), t('console.reports.judgeFalse')];
  return (
    <Modal
      open={Boolean(attemptId)}
      onCancel={onClose}
      footer={null}
      width={720}
      title={t('console.reports.sheetTitle', { course: courseName })}
      destroyOnHidden
    >
      {!sheet.data ? (
        <Spin />
      ) : (
        <>
          <p data-testid="sheet-score">
            {t('console.reports.examScore')}
            {t('punct.colon')}
            {sheet.data.score} / {sheet.data.totalScore}{' '}
            {sheet.data.voided ? (
              <Tag color="error" title={t('console.reports.examVoidedHint')}>
                {t('console.reports.examVoided')}
              </Tag>
            ) : sheet.data.passed ? (
              <Tag color="success">{t('console.reports.passed')}</Tag>
            ) : (
              <Tag color="error">{t('console.reports.failed')}</Tag>
            )}
            {sheet.data.late && <Tag color="warning">{t('console.reports.expired')}</Tag>}
          </p>
          <p className="console-hint" data-testid="sheet-facts">
            {t('console.reports.sheetFacts', {
              pass: sheet.data.passScore,
              started: formatDateTime(sheet.data.startedAt),
              submitted: formatDateTime(sheet.data.submittedAt),
              took: sheet.data.submittedAt
                ? formatDuration(
                    (Date.parse(sheet.data.submittedAt) - Date.parse(sheet.data.startedAt)) / 1000,
                    language,
                  )
                : '—',
            })}
          </p>
          <List<Item>
            size="small"
            dataSource={sheet.data.items}
            renderItem={(item, i) => (
              <List.Item>
                <div>
                  <p>
                    {i + 1}. <Tag>{t(`console.bank.kind.${item.kind}`)}</Tag>
                    {item.stem}
                  </p>
                  {item.options.length > 0 && (
                    <p className="console-hint">{item.options.map((o, k) => `${LETTERS[k]}. ${o}`).join('　')}</p>
                  )}
                  <p>
                    {t('console.reports.given')}
                    {t('punct.colon')}
                    <strong>{shown(item.kind, item.given, judge)}</strong> · {t('console.reports.key')}
                    {t('punct.colon')}
                    {shown(item.kind, item.correctAnswer, judge)} · {t('console.reports.earned')}
                    {t('punct.colon')}
                    <Tag color={item.correct ? 'success' : 'error'}>
                      {item.earned} / {item.points}
                    </Tag>
                  </p>
                </div>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}

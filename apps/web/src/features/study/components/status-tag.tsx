import { LearnStatus } from '@anxun/shared/constants';
import { Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n';

/** learnStatus: 0 not started, 1 studying, 2 completed; `examDue`: every unit done, the exam still to pass. */
export function StatusTag({ status, examDue = false }: { status: number; examDue?: boolean }) {
  const { t } = useTranslation();
  if (status === LearnStatus.COMPLETED) return <Tag color="success">{t('study.completed')}</Tag>;
  if (examDue) return <Tag color="orange">{t('study.examDue')}</Tag>;
  if (status === LearnStatus.STUDYING) return <Tag color="processing">{t('study.studying')}</Tag>;
  return <Tag>{t('study.notStarted')}</Tag>;
}

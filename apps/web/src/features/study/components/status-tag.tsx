import { Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n';

/** learnStatus: 0 not started, 1 studying, 2 completed. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === 2) return <Tag color="success">{t('study.completed')}</Tag>;
  if (status === 1) return <Tag color="processing">{t('study.studying')}</Tag>;
  return <Tag>{t('study.notStarted')}</Tag>;
}

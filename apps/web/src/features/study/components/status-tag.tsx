import { LearnStatus } from '@anxun/shared/constants';
import '../../../components/plain-controls.css';
import { useTranslation } from '../../../lib/i18n';

/**
 * learnStatus: 0 not started, 1 studying, 2 completed; `examDue`: every unit done, the exam
 * still to pass. Drawn like antd's Tag in plain markup (plain-controls.css): 我的学习 loads no antd.
 */
export function StatusTag({ status, examDue = false }: { status: number; examDue?: boolean }) {
  const { t } = useTranslation();
  if (status === LearnStatus.COMPLETED) return <span className="plain-tag success">{t('study.completed')}</span>;
  if (examDue) return <span className="plain-tag warning">{t('study.examDue')}</span>;
  if (status === LearnStatus.STUDYING) return <span className="plain-tag processing">{t('study.studying')}</span>;
  return <span className="plain-tag">{t('study.notStarted')}</span>;
}

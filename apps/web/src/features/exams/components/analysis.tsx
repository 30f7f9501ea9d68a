import { useTranslation } from '../../../lib/i18n';

/** A question's 解析, for practice and the exam's review; none for a question imported without one. */
export function Analysis({ text }: { text: string | null | undefined }) {
  const { t } = useTranslation();
  if (!text?.trim()) return null;
  return (
    <div className="analysis">
      {t('exams.analysis')}
      {t('punct.colon')}
      {text}
    </div>
  );
}

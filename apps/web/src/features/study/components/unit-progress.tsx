import { LearnStatus } from '@anxun/shared/constants';
import { ProgressLine } from '../../../components/plain-progress';
import { useTranslation } from '../../../lib/i18n';

/** A unit's watched share: a completed unit is 100 % with its tick, whatever its last seconds. */
export function UnitProgress({ percent, status, name }: { percent: number; status: number; name: string }) {
  const { t } = useTranslation();
  return (
    <ProgressLine
      label={t('study.progressOf', { name })}
      percent={status === LearnStatus.COMPLETED ? 100 : Math.min(99, Math.round(percent))}
    />
  );
}

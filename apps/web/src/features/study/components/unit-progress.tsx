import { LearnStatus } from '@anxun/shared/constants';
import { ProgressLine } from '../../../components/plain-progress';

/** A unit's watched share: a completed unit is 100 % with its tick, whatever its last seconds. */
export function UnitProgress({ percent, status }: { percent: number; status: number }) {
  return <ProgressLine percent={status === LearnStatus.COMPLETED ? 100 : Math.min(99, Math.round(percent))} />;
}

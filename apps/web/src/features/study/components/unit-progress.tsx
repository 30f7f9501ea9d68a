import { LearnStatus } from '@anxun/shared/constants';
import { Progress } from 'antd';

/** A unit's watched share: a completed unit is 100 % with its tick, whatever its last seconds. */
export function UnitProgress({ percent, status }: { percent: number; status: number }) {
  return status === LearnStatus.COMPLETED ? (
    <Progress percent={100} status="success" size="small" />
  ) : (
    <Progress percent={Math.min(99, Math.round(percent))} size="small" />
  );
}

import { durationText as length } from '../../core/duration-text.js';

/**
 * What a learner could never make up: a unit credits up to its length and watching again
 * earns nothing, so a book asking more 学时 than its units last cannot be completed by anyone.
 * Says by how much, or nothing when its units last long enough.
 */
export function hoursShortfall(
  secondsPerClassHour: number,
  unitSeconds: number,
  classHours: number,
): string | undefined {
  const needed = classHours * secondsPerClassHour;
  if (unitSeconds >= needed) return undefined;
  return `课件总时长 ${length(unitSeconds)}，不足本课程的 ${classHours} 学时（${length(needed)}）：学员学完全部课件也无法完成。请增加课件或调低学时`;
}

/** A length as 课程管理's 课件时长 column writes it: 0秒, 1分0秒, 2小时0分. */
function length(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return h > 0 ? `${h}小时${m}分` : m > 0 ? `${m}分${s}秒` : `${s}秒`;
}

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

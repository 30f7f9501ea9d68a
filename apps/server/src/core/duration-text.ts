/**
 * A length of time as the console and the web write it (lib/format formatDuration): 0秒,
 * 1分0秒, 2小时0分 — 课程管理's 课件时长, 核验审核's 扣回, the learner's notice of a void.
 */
export function durationText(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return h > 0 ? `${h}小时${m}分` : m > 0 ? `${m}分${s}秒` : `${s}秒`;
}

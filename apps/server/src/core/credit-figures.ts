/**
 * Credited seconds as every view and export shows them: to the millisecond, never below zero.
 * Sums of decimal seconds drift in floating point (33.300000000000004; a void's compensation
 * leaves -1.8e-15 where nothing stands), and a regulator reads the figure as printed.
 */
export const creditSeconds = (n: number | string | null | undefined): number =>
  Math.max(0, Math.round(Number(n ?? 0) * 1000) / 1000);

/** 学时 from credited seconds as every view shows them, learner's and manager's: two decimals, rounded. */
export const creditHours = (seconds: number, secondsPerClassHour: number): number =>
  Math.round((seconds / secondsPerClassHour) * 100) / 100;

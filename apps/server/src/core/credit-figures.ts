/**
 * Credited seconds as every view and export shows them: to the millisecond. Sums of decimal
 * seconds drift in floating point (0.30000000000000004; a void's compensation leaves -1.8e-15
 * where nothing stands), and a regulator reads the figure as printed. A real negative stays
 * (a date range holding a void's compensation but not the credit it took back).
 */
export const creditSeconds = (n: number | string | null | undefined): number => {
  const ms = Math.round(Number(n ?? 0) * 1000);
  return ms === 0 ? 0 : ms / 1000; // never -0
};

/** 学时 from credited seconds as every view shows them, learner's and manager's: two decimals, rounded. */
export const creditHours = (seconds: number, secondsPerClassHour: number): number =>
  Math.round((seconds / secondsPerClassHour) * 100) / 100;

import { HOURS_GRACE_SECONDS } from './course-completion.js';

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

/**
 * 学时 of a total over several courses (a class, a department, a day, a month): rounded to two
 * decimals. Not cut down as one course's figure is (`creditHours`): each course's completion
 * grants its own second, so a class whose every course is complete may hold a few seconds less
 * than it requires, and must not read 0.19 / 0.20 beside 已完成.
 */
export const totalHours = (seconds: number, secondsPerClassHour: number): number => {
  const hundredths = Math.round((Number(seconds) / secondsPerClassHour) * 100);
  return hundredths === 0 ? 0 : hundredths / 100; // never -0
};

/**
 * One course's 学时 from its credited seconds as every view shows them, learner's and manager's: two decimals,
 * cut down, never rounded up — 358 s of a 0.1 学时 course (360 s) is 0.09, not 0.10 beside
 * 要求 0.10 while the course is still incomplete. A second short counts as the hundredth, as
 * it counts for the course's completion (`HOURS_GRACE_SECONDS`). The epsilon keeps an exact
 * figure exact (0.29 × 100 is 28.999999999999996 in floating point).
 */
export const creditHours = (seconds: number, secondsPerClassHour: number): number => {
  const graced = Number(seconds) > 0 ? Number(seconds) + HOURS_GRACE_SECONDS : Number(seconds);
  const hundredths = Math.floor((graced / secondsPerClassHour) * 100 + 1e-6);
  return hundredths === 0 ? 0 : hundredths / 100; // never -0
};

/**
 * One learner's 学时 over several courses (his class's row, 学习档案, 一人一档, his own 课程进度):
 * the sum of each course's figure as shown (`creditHours`), so the rows beside it add up to it —
 * an auditor read 0.07 for a class whose courses said 0.05 + 0.01, and 0.11 against 要求 0.10
 * while the courses summed to 0.10. Totals over many people (a department, a day) stay rounded
 * (`totalHours`): they are statistics of seconds, not anyone's record.
 */
export const coursesHours = (courseSeconds: Iterable<number>, secondsPerClassHour: number): number => {
  let hundredths = 0;
  for (const s of courseSeconds) hundredths += Math.round(creditHours(s, secondsPerClassHour) * 100);
  return hundredths === 0 ? 0 : hundredths / 100;
};

/**
 * A class's 计入学时, as its learner's 我的学习 shows them and its reports beside what he studied:
 * each course's credited 学时 up to what it requires, a course whose class requires its exam only
 * once that exam is passed — or once complete (a course completed before its class came to
 * require the exam stands as completed). (Study time credited is another figure: a learner who
 * has studied a course but not passed its exam has studied 学时 and none counted.)
 */
export const countedHours = (
  courses: ReadonlyArray<{
    studiedHours: number;
    classHours: number;
    examRequired: boolean;
    examPassed: boolean;
    completed: boolean;
  }>,
): number =>
  Math.round(
    courses
      .filter((c) => !c.examRequired || c.examPassed || c.completed)
      .reduce((sum, c) => sum + Math.min(c.studiedHours, c.classHours), 0) * 100,
  ) / 100;

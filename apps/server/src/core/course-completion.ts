import { LearnStatus } from '@anxun/shared/constants';
/**
 * When a learner's course is complete (the learning core's rule, shared by the study-time
 * batch and the exams): every unit watched to its end, the course's 学时 met (to the
 * second), and — when the class requires it — its exam passed.
 */
export function isCourseComplete(
  input: CourseStanding & {
    /** the course's unit records, and how many of them are complete */
    units: { total: number; completed: number };
  },
): boolean {
  const unitsDone = input.units.total > 0 && input.units.completed === input.units.total;
  return unitsDone && isCourseCompleteButUnits(input);
}

/**
 * How far short of a course's 学时 still meets them: one second, what a report's rounding may
 * leave. The 学时 every view prints grant the same (`creditHours`), so a course shown 已完成
 * never reads 0.09 / 0.10 and one shown 0.10 / 0.10 is never still short.
 */
export const HOURS_GRACE_SECONDS = 1;

/** What decides a course's completion besides its units. */
export interface CourseStanding {
  studiedSeconds: number;
  classHours: number;
  secondsPerClassHour: number;
  examRequired: boolean;
  examPassed: boolean;
}

/**
 * Whether the course would be complete if its units all were: its 学时 met (to the second)
 * and its exam passed where required. Only then need its units be counted.
 */
export function isCourseCompleteButUnits(input: CourseStanding): boolean {
  const hoursMet = input.studiedSeconds >= input.classHours * input.secondsPerClassHour - HOURS_GRACE_SECONDS;
  return hoursMet && (!input.examRequired || input.examPassed);
}

/** Unit records' states, counted as `isCourseComplete` takes them. */
export function countUnits(statuses: readonly number[]): { total: number; completed: number } {
  return { total: statuses.length, completed: statuses.filter((s) => s === LearnStatus.COMPLETED).length };
}

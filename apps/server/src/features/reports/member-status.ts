import { LearnStatus } from '@anxun/shared/constants';
import type { MemberStatus } from '@anxun/shared/schemas/reports';
import { isCourseComplete } from '../../core/course-completion.js';

/** A course record as the reports read it (reports.repository findCourseRecords). */
export interface CourseState {
  learn_status: number;
  studied_seconds: number;
  class_hours: number;
  units_total: number | string | null;
  units_completed: number | string | null;
}

/**
 * A course's state as the console says it: 已完成; 待考试 when its study is done (every unit
 * watched through, its 学时 met: the learning core's rule without the exam) and only its exam
 * is left — as the learner's own page says it; else 学习中 once begun, or 未开始.
 */
export function courseStatus(c: CourseState, secondsPerClassHour: number): MemberStatus {
  if (c.learn_status === LearnStatus.COMPLETED) return 'done';
  const studied = isCourseComplete({
    studiedSeconds: Number(c.studied_seconds),
    classHours: Number(c.class_hours),
    secondsPerClassHour,
    examRequired: false,
    examPassed: false,
    units: { total: Number(c.units_total ?? 0), completed: Number(c.units_completed ?? 0) },
  });
  if (studied) return 'exam-due';
  return c.learn_status === LearnStatus.NOT_STARTED ? 'not-started' : 'studying';
}

/**
 * A membership's state over its courses (the class progress filter's SQL says the same):
 * 已完成 when all are; 待考试 when every one not completed waits only for its exam; 学习中 once
 * any is begun; else 未开始.
 */
export function memberStatus(courses: readonly CourseState[], secondsPerClassHour: number): MemberStatus {
  const states = courses.map((c) => courseStatus(c, secondsPerClassHour));
  if (states.length > 0 && states.every((s) => s === 'done')) return 'done';
  if (states.length > 0 && states.every((s) => s === 'done' || s === 'exam-due')) return 'exam-due';
  return states.some((s) => s !== 'not-started') ? 'studying' : 'not-started';
}

import { LearnStatus } from '@anxun/shared/constants';
import { countedHours, creditHours } from '../../core/credit-figures.js';
import { parseExamRules } from '../../core/exam-rules.js';

/** What a course record holds of a class's 计入学时 (reports.repository findCourseRecords' rows). */
interface CourseRecord {
  studied_seconds: number | string;
  class_hours: number;
  rules: string;
  exam_passed_at: number | null;
  learn_status: number;
}

/**
 * 计入学时 of course records, as the learner's 我的学习 counts them (core/credit-figures
 * countedHours): from each course record's credited seconds, which the credit batch and a void
 * keep equal to the sum of its study events (the reports' 已学 sums the events themselves).
 */
export const countedHoursOf = (courses: readonly CourseRecord[], secondsPerClassHour: number): number =>
  countedHours(
    courses.map((c) => ({
      studiedHours: creditHours(Number(c.studied_seconds), secondsPerClassHour),
      classHours: c.class_hours,
      examRequired: parseExamRules(c.rules).required,
      examPassed: c.exam_passed_at !== null,
      completed: c.learn_status === LearnStatus.COMPLETED,
    })),
  );

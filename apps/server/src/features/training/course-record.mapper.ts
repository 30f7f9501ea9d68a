import type { personCourse } from '@anxun/shared/schemas/training';
import type { z } from 'zod';
import { parseExamRules } from '../../core/exam-rules.js';
import type { PersonCourseRow } from './class.repository.js';
import { creditHours } from '../../core/credit-figures.js';
import { iso, parseTeachers } from './format.js';
import { inPeriod } from '../../core/class-period.js';

/** Row → spec §3 videoData: the learner's record of one course of a class (`now`: its class's period). */
export function toPersonCourse(
  row: PersonCourseRow,
  secondsPerHour: number,
  now: number,
): z.infer<typeof personCourse> {
  const units = Number(row.unit_count ?? 0);
  const done = Number(row.completed_units ?? 0);
  const exam = parseExamRules(row.class_rules);
  return {
    trainPersonCourseId: row.id,
    trainPersonId: row.train_person_id,
    trainClassCourseId: row.class_course_id,
    courseBookId: row.book_id,
    courseName: row.name,
    intro: row.intro,
    teachers: parseTeachers(row.teachers),
    sortId: row.sort_order,
    studyTimeLen: row.class_hours,
    studiedHours: creditHours(row.studied_seconds, secondsPerHour),
    studiedSeconds: Math.round(row.studied_seconds),
    learnStatus: row.learn_status,
    sysScore: row.sys_score,
    sysComments: row.sys_comments,
    startTime: iso(row.start_time),
    lastLearnDate: iso(row.last_learn_date),
    endTime: iso(row.end_time),
    sysSchedule: units > 0 ? Math.round((done / units) * 100) : 0,
    unitCount: units,
    completedUnits: done,
    examRequired: exam.required,
    examPassed: row.exam_passed_at !== null,
    examTriesLeft: exam.required
      ? Math.max(0, 1 + exam.retakes + Number(row.extra_attempts ?? 0) - Number(row.exam_tries ?? 0))
      : null,
    inPeriod: inPeriod(row, now),
  };
}

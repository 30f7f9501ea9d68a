import type { PersonCourse } from '../api/study-api';

/** Every unit watched, and the exam the class requires still to pass: the course waits for it. */
export const isExamDue = (c: PersonCourse): boolean =>
  c.examRequired && !c.examPassed && c.unitCount > 0 && c.completedUnits === c.unitCount;

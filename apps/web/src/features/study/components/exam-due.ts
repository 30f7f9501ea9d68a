import { LearnStatus } from '@anxun/shared/constants';
import type { PersonCourse } from '../api/study-api';

/**
 * Every unit watched, and the exam the class requires still to pass: the course waits for it
 * (not a course completed before its class came to require the exam: that one stands).
 */
export const isExamDue = (c: PersonCourse): boolean =>
  c.examRequired &&
  !c.examPassed &&
  c.learnStatus !== LearnStatus.COMPLETED &&
  c.unitCount > 0 &&
  c.completedUnits === c.unitCount;

import { LearnStatus } from '@anxun/shared/constants';
/**
 * When a learner's course is complete (the learning core's rule, shared by the study-time
 * batch and the exams): every unit watched to its end, the course's 学时 met (to the
 * second), and — when the class requires it — its exam passed.
 */
export function isCourseComplete(input: {
  unitStatuses: number[];
  studiedSeconds: number;
  classHours: number;
  secondsPerClassHour: number;
  examRequired: boolean;
  examPassed: boolean;
}): boolean {
  const unitsDone = input.unitStatuses.length > 0 && input.unitStatuses.every((s) => s === LearnStatus.COMPLETED);
  const hoursMet = input.studiedSeconds >= input.classHours * input.secondsPerClassHour - 1;
  return unitsDone && hoursMet && (!input.examRequired || input.examPassed);
}

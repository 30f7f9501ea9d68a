import { LearnStatus } from '@anxun/shared/constants';
import { useNavigate } from 'react-router';
import { PlainResult } from '../../../components/plain-result';
import { useTranslation } from '../../../lib/i18n';
import { useClassCourses } from '../api/study-api';

/**
 * After a course's last unit: the player stays on it and says what comes next — the exam
 * when the class requires one, else the next course, else the certificate. A course whose
 * units are all done but whose 学时 are not met (its units are shorter than the hours it
 * asks: watching again earns nothing) cannot complete: that is said, and who can mend it.
 */
export function CourseDone({ trainPersonId, classCourseId }: { trainPersonId: string; classCourseId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // the course as the server has it after the last unit (refetched as it ends)
  const { data, isFetching } = useClassCourses(trainPersonId);
  const courses = data?.records ?? [];
  const index = courses.findIndex((c) => c.trainClassCourseId === classCourseId);
  const course = courses[index];
  if (!course || isFetching) return null;
  const examDue = course.examRequired && !course.examPassed && course.learnStatus !== LearnStatus.COMPLETED;
  const hoursShort =
    course.learnStatus !== LearnStatus.COMPLETED && (!examDue || course.studiedHours < course.studyTimeLen);
  // the next course not yet complete, after this one first
  const next = [...courses.slice(index + 1), ...courses.slice(0, index)].find(
    (c) => c.learnStatus !== LearnStatus.COMPLETED,
  );
  const step: [string, string, string] | undefined = examDue
    ? ['next-step-exam', t('study.next.exam'), `/exams?course=${classCourseId}&tab=exam`]
    : next
      ? [
          'next-step-course',
          t('study.next.course', { name: next.courseName }),
          `/show?classCourseId=${next.trainClassCourseId}`,
        ]
      : hoursShort
        ? undefined
        : ['next-step-certificate', t('study.next.certificate'), '/setting/personalCenter'];
  return (
    <PlainResult
      tone={hoursShort ? 'warning' : 'success'}
      className="course-done"
      testId="course-done"
      title={t('study.next.unitsDone', { name: course.courseName })}
      actions={
        step && (
          <button type="button" className="plain-btn primary" data-testid={step[0]} onClick={() => navigate(step[2])}>
            {step[1]}
          </button>
        )
      }
    >
      <p data-testid={hoursShort ? 'hours-short' : undefined}>
        {hoursShort
          ? t('study.next.hoursShort', { have: course.studiedHours, need: course.studyTimeLen })
          : examDue
            ? t('study.next.examHint')
            : next
              ? t('study.next.courseHint')
              : t('study.next.allDone')}
      </p>
    </PlainResult>
  );
}

import { LearnStatus } from '@anxun/shared/constants';
import { useNavigate } from 'react-router';
import { PlainResult } from '../../../components/plain-result';
import { useTranslation } from '../../../lib/i18n';
import { useClassCourses } from '../api/study-api';

/**
 * After a course's last unit: the player stays on it and says what comes next — the exam
 * when the class requires one, else the next course, else the certificate.
 */
export function CourseDone({ trainPersonId, classCourseId }: { trainPersonId: string; classCourseId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useClassCourses(trainPersonId);
  const courses = data?.records ?? [];
  const index = courses.findIndex((c) => c.trainClassCourseId === classCourseId);
  const course = courses[index];
  if (!course) return null;
  const examDue = course.examRequired && !course.examPassed;
  // the next course not yet complete, after this one first
  const next = [...courses.slice(index + 1), ...courses.slice(0, index)].find(
    (c) => c.learnStatus !== LearnStatus.COMPLETED,
  );
  const [testId, text, to] = examDue
    ? ['next-step-exam', t('study.next.exam'), `/exams?course=${classCourseId}&tab=exam`]
    : next
      ? [
          'next-step-course',
          t('study.next.course', { name: next.courseName }),
          `/show?classCourseId=${next.trainClassCourseId}`,
        ]
      : ['next-step-certificate', t('study.next.certificate'), '/setting/personalCenter'];
  return (
    <PlainResult
      tone="success"
      className="course-done"
      testId="course-done"
      title={t('study.next.unitsDone', { name: course.courseName })}
      actions={
        <button type="button" className="plain-btn primary" data-testid={testId} onClick={() => navigate(to)}>
          {text}
        </button>
      }
    >
      <p>{examDue ? t('study.next.examHint') : next ? t('study.next.courseHint') : t('study.next.allDone')}</p>
    </PlainResult>
  );
}

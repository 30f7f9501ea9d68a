import { LearnStatus } from '@anxun/shared/constants';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
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
  const action = examDue ? (
    <Button type="primary" data-testid="next-step-exam" onClick={() => navigate(`/exams?course=${classCourseId}`)}>
      {t('study.next.exam')}
    </Button>
  ) : next ? (
    <Button
      type="primary"
      data-testid="next-step-course"
      onClick={() => navigate(`/show?classCourseId=${next.trainClassCourseId}`)}
    >
      {t('study.next.course', { name: next.courseName })}
    </Button>
  ) : (
    <Button type="primary" data-testid="next-step-certificate" onClick={() => navigate('/setting/personalCenter')}>
      {t('study.next.certificate')}
    </Button>
  );
  return (
    <Result
      className="course-done"
      data-testid="course-done"
      status="success"
      title={t('study.next.unitsDone', { name: course.courseName })}
      subTitle={examDue ? t('study.next.examHint') : next ? t('study.next.courseHint') : t('study.next.allDone')}
      extra={action}
    />
  );
}

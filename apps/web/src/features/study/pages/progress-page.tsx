import '../../../lib/locales/page-texts';
import '../../../components/plain-controls.css';
import '../study.css';
import { LearnStatus } from '@anxun/shared/constants';
import type { PersonCourse, WarpCourseData } from '@anxun/shared/schemas/training';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PendingChecks } from '../../../components/face-check/pending-checks';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useIsMobile } from '../../../shell/use-is-mobile';
import { useUser } from '../../../stores/user-store';
import { classCoursesQuery, useMyClasses, useStudyTime, useUnits, type MyClass } from '../api/study-api';
import { DailyChart } from '../components/daily-chart';
import { isExamDue } from '../components/exam-due';
import { ProgressRing } from '../../../components/plain-progress';
import { ProgressCards, ProgressTable, type CourseRow } from '../components/progress-rows';

function ClassProgress({ cls, courses, units }: { cls: MyClass; courses: PersonCourse[]; units: WarpCourseData[] }) {
  const { t, language } = useTranslation();
  const isMobile = useIsMobile();
  const rows: CourseRow[] = courses.map((c) => {
    const mine = units.filter((u) => u.trainClassCourseId === c.trainClassCourseId);
    return {
      key: c.trainPersonCourseId,
      name: c.courseName,
      percent: c.learnStatus === LearnStatus.COMPLETED ? 100 : c.sysSchedule,
      studied: `${c.studiedHours} / ${c.studyTimeLen} ${t('study.hours')}`,
      count: mine.reduce((s, u) => s + u.studyCount, 0),
      last: c.lastLearnDate,
      status: c.learnStatus,
      examDue: isExamDue(c),
      show: isExamDue(c)
        ? `/exams?course=${c.trainClassCourseId}&tab=exam`
        : `/show?classCourseId=${c.trainClassCourseId}`,
      units: mine.map((u) => ({
        key: u.trainWarpCourseId,
        name: `${u.sortOrder}. ${u.tCourseName}`,
        percent: u.sysPercentage,
        studied: `${formatDuration(u.studyLength, language)} / ${formatDuration(u.durationSeconds, language)}`,
        count: u.studyCount,
        last: u.lastLearnDate,
        status: u.learnStatus,
        examDue: false,
        show: `/show?classCourseId=${u.trainClassCourseId}&unit=${u.trainWarpCourseId}`,
      })),
    };
  });
  return (
    <div className="progress-class plain-panel" data-testid="progress-class">
      <div className="progress-class-head">
        <ProgressRing percent={cls.progress} size={72} label={t('study.progressOf', { name: cls.className })} />
        <div>
          <h2>{cls.className}</h2>
          <p>
            {/* the class's counted 学时, as 我的学习 and 学习报表 name them */}
            {t('study.counted')} <strong data-testid="class-studied">{cls.studiedHours}</strong> / {t('study.required')}{' '}
            {cls.requiredHours} {t('study.hours')} · {t('study.courses')} {cls.completedCourses}/{cls.courseCount}
            {courses.some(isExamDue) && <span data-testid="class-exam-note"> · {t('study.hoursAfterExam')}</span>}
          </p>
        </div>
      </div>
      {isMobile ? <ProgressCards courses={rows} /> : <ProgressTable courses={rows} />}
    </div>
  );
}

/**
 * 课程进度: totals and the last 14 days, open face checks, then class → course → unit with
 * what was credited. Plain markup, like 我的学习 (no antd), drawn in one piece once every
 * answer is in, so nothing moves under the learner's eyes as they arrive.
 */
export default function ProgressPage() {
  const { t, language } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const only = params.get('trainPersonId');
  const userId = useUser((s) => s.userId);
  const classes = useMyClasses();
  const units = useUnits(undefined);
  const time = useStudyTime(userId);
  const shown = (classes.data?.records ?? []).filter((c) => !only || c.trainPersonId === only);
  const courses = useQueries({ queries: shown.map((c) => classCoursesQuery(c.trainPersonId)) });
  // isLoading for the study time: asked only once the user's id is known
  if (classes.isPending || units.isPending || time.isLoading || courses.some((c) => c.isPending)) {
    return (
      <section className="page progress-page">
        <h1>{t('study.progress')}</h1>
        <SkeletonLines lines={6} className="study-loading progress-loading" />
      </section>
    );
  }
  const totalSeconds = (units.data ?? []).reduce((s, u) => s + u.studyLength, 0);
  return (
    <section className="page progress-page">
      <h1>{t('study.progress')}</h1>
      <PendingChecks onPassed={() => void client.invalidateQueries({ queryKey: ['study'] })} />
      <div className="progress-summary plain-panel">
        <dl className="progress-stats">
          <div>
            <dt>{t('study.totalStudied')}</dt>
            <dd data-testid="total-studied" data-seconds={Math.round(totalSeconds)}>
              {formatDuration(totalSeconds, language)}
              {time.data && (
                <small className="progress-hours">
                  {' '}
                  · {time.data.studyHours} {t('study.hours')}
                </small>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('study.today')}</dt>
            <dd>{formatDuration(time.data?.todaySeconds ?? 0, language)}</dd>
          </div>
          <div>
            <dt>{t('study.unitsDone')}</dt>
            <dd>
              {time.data?.completedUnits ?? 0} <small>/ {time.data?.totalUnits ?? 0}</small>
            </dd>
          </div>
        </dl>
        {time.data && <DailyChart daily={time.data.daily} />}
      </div>
      {shown.map((c, i) => (
        <ClassProgress
          key={c.trainPersonId}
          cls={c}
          courses={courses[i]?.data?.records ?? []}
          units={units.data ?? []}
        />
      ))}
    </section>
  );
}

import { LearnStatus } from '@anxun/shared/constants';
import '../../../lib/locales/page-texts';
import '../study.css';
import type { CertificateProgress } from '@anxun/shared/schemas/certificates';
import { WsCode } from '@anxun/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import '../../../components/plain-controls.css';
import { PendingChecks } from '../../../components/face-check/pending-checks';
import { ReferenceNeeded, useReferenceState } from '../../../components/face-check/reference-needed';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { formatDate } from '../../../lib/format';
import { prefetchPage } from '../../../lib/page-files';
import { useTranslation } from '../../../lib/i18n';
import { onRealtimeMessage } from '../../../lib/realtime';
import { useCertificateProgress, useClassCourses, useClassInfo, useMyClasses, type MyClass } from '../api/study-api';
import { CertificateLine } from '../components/certificate-line';
import { isExamDue } from '../components/exam-due';
import { NoClass } from '../components/no-class';
import { ProgressLine, ProgressRing } from '../../../components/plain-progress';
import { StatusTag } from '../components/status-tag';
import { RecentNotices } from '../components/recent-notices';
import { useNotices } from '../../../lib/notices';

function ClassInfoPanel({ trainClassId }: { trainClassId: string }) {
  const { t } = useTranslation();
  const { data } = useClassInfo(trainClassId);
  if (!data) return null;
  return (
    <div className="class-info-panel" data-testid="class-info">
      <span>
        {t('study.classmates')} {data.learnerCount}
      </span>
      <span>
        {t('study.newest')}
        {t('punct.colon')}
        {data.newestLearners.map((l) => l.name).join(t('punct.list')) || '—'}
      </span>
      <span>
        {t('study.activity')}
        {t('punct.colon')}
        {t('study.activeLearners', { count: data.activity.activeLearners })} ·{' '}
        {Math.floor(data.activity.studySeconds / 60)} {t('study.minutes')}
      </span>
    </div>
  );
}

function ClassCard({ cls, certificate }: { cls: MyClass; certificate: CertificateProgress | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending } = useClassCourses(cls.trainPersonId);
  return (
    <div className="class-card plain-panel" data-testid="class-card">
      <div className="class-head">
        <ProgressRing percent={cls.progress} label={t('study.progressOf', { name: cls.className })} />
        <div className="class-info">
          <h2>{cls.className}</h2>
          <p>
            {t('study.teacher')}
            {t('punct.colon')}
            {cls.teacher || '—'} · {t('study.period')}
            {t('punct.colon')}
            {/* a date kept whole on a phone's line (it broke at its hyphen: 2026-/12-07) */}
            <span className="nowrap">{formatDate(cls.startDate)}</span> ~{' '}
            <span className="nowrap">{formatDate(cls.endDate)}</span>
          </p>
          <p>
            {/* the class's counted 学时 (a course waiting for its exam counts none), as 学习报表 shows them */}
            {t('study.counted')} <strong>{cls.studiedHours}</strong> / {t('study.required')} {cls.requiredHours}{' '}
            {t('study.hours')} · {t('study.courses')} {cls.completedCourses}/{cls.courseCount}
            {(data?.records ?? []).some(isExamDue) && (
              // the class counts a course's hours once its exam is passed: say so where they differ
              <span className="class-exam-note" data-testid="class-exam-note">
                {' '}
                · {t('study.hoursAfterExam')}
              </span>
            )}
          </p>
        </div>
        <button
          type="button"
          className="plain-btn small"
          onClick={() => navigate(`/progress?trainPersonId=${cls.trainPersonId}`)}
        >
          {t('study.progress')}
        </button>
      </div>
      {cls.period !== 'open' && (
        <p className="class-period-note" role="note" data-testid="class-period-note">
          {cls.period === 'before'
            ? t('study.periodBefore', { date: formatDate(cls.startDate) })
            : t('study.periodAfter')}
        </p>
      )}
      <CertificateLine progress={certificate} />
      <ClassInfoPanel trainClassId={cls.trainClassId} />
      {isPending ? (
        <SkeletonLines lines={4} className="study-loading" />
      ) : (
        <ul className="course-list">
          {(data?.records ?? []).map((c) => (
            <li key={c.trainClassCourseId} className="course-item" data-testid="course-item">
              <div className="course-item-main">
                <h3>
                  {/* the course's page: its reviews and discussion (课程评价, 课程讨论) */}
                  <Link className="course-item-link" to={`/course?id=${c.courseBookId}`} data-testid="course-item-link">
                    {c.courseName}
                  </Link>{' '}
                  <StatusTag status={c.learnStatus} examDue={isExamDue(c)} />
                </h3>
                <div className="course-item-intro">{c.intro}</div>
                <ProgressLine
                  label={t('study.progressOf', { name: c.courseName })}
                  percent={c.sysSchedule}
                  done={c.learnStatus === LearnStatus.COMPLETED}
                />
                <div className="course-item-figures">
                  {t('study.units')} {c.completedUnits}/{c.unitCount} · {t('study.studied')} {c.studiedHours} /{' '}
                  {c.studyTimeLen} {t('study.hours')}
                  {isExamDue(c) && (
                    // its hours are in the class's once the exam is passed: said on the row that shows them
                    <span className="course-exam-note" data-testid="course-exam-note">
                      {' '}
                      · {t('study.courseHoursAfterExam')}
                    </span>
                  )}
                </div>
              </div>
              {isExamDue(c) && c.examTriesLeft === 0 ? (
                // no try left: not 去考试 (the exam would only refuse), but whom to ask
                <span className="course-exam-none" data-testid="course-exam-none">
                  {t('study.noExamTriesLeft')}
                </span>
              ) : isExamDue(c) && cls.period === 'open' ? (
                // (outside the class's period no paper starts: the note above says so)
                <button
                  type="button"
                  className="plain-btn small primary"
                  data-testid="course-exam"
                  onClick={() => navigate(`/exams?course=${c.trainClassCourseId}&tab=exam`)}
                >
                  {t('study.next.exam')}
                </button>
              ) : (
                <button
                  type="button"
                  className={`plain-btn small${c.learnStatus === LearnStatus.COMPLETED ? '' : ' primary'}`}
                  onClick={() => navigate(`/show?classCourseId=${c.trainClassCourseId}`)}
                >
                  {c.learnStatus === LearnStatus.COMPLETED
                    ? t('study.review')
                    : c.learnStatus === LearnStatus.STUDYING
                      ? t('study.continue')
                      : t('study.start')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * 我的学习: my classes with progress, and their courses with the next step; open face checks
 * first. Plain markup, like the layout: a learner's first page after login runs none of
 * antd, nor does a face check's dialog.
 */
export default function StudyPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, refetch } = useMyClasses();
  // 最新通知 sits above the classes: the page is drawn with it, not pushed down when it comes
  const notices = useNotices();
  const certificates = useCertificateProgress();
  // asked with the classes: a class that checks faces and no reference photo is said at the top,
  // drawn with the page (not pushing it down when the answer comes)
  const reference = useReferenceState();
  // enrolled by a training manager while this page is open: the class shows at once
  useEffect(
    () =>
      onRealtimeMessage((message) => {
        if (message.code === WsCode.ENROLLED) void client.invalidateQueries({ queryKey: ['study'] });
      }),
    [client],
  );
  const hasClasses = (data?.records.length ?? 0) > 0;
  // the player is a learner's next page: its code is fetched into the cache,
  // not run, as soon as he touches, scrolls or types on this page (a tap on a course included),
  // so opening one waits less for it. Not on a timer: a page left alone (a measurement) fetches nothing.
  useEffect(() => {
    if (!hasClasses) return;
    const events = ['pointerdown', 'touchstart', 'scroll', 'wheel', 'keydown'] as const;
    const fetchPlayer = () => {
      prefetchPage('/show');
      for (const name of events) window.removeEventListener(name, fetchPlayer);
    };
    for (const name of events) window.addEventListener(name, fetchPlayer, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, fetchPlayer);
    };
  }, [hasClasses]);
  if (isPending || notices.isLoading || reference.isLoading)
    return (
      <section className="page study-page">
        <SkeletonLines lines={4} className="study-loading" />
      </section>
    );
  const classes = data?.records ?? [];
  return (
    <section className="page study-page">
      <h1>{t('study.myClasses')}</h1>
      {classes.some(
        (c) =>
          c.checksFaces &&
          c.period !== 'after' &&
          // a class complete asks for no check, unless its certificate waits for one
          (c.completedCourses < c.courseCount ||
            certificates.data?.find((p) => p.trainPersonId === c.trainPersonId)?.status === 'withheld'),
      ) && <ReferenceNeeded />}
      <PendingChecks onPassed={() => void client.invalidateQueries({ queryKey: ['study'] })} />
      <RecentNotices />
      {classes.length === 0 ? (
        <NoClass onRefresh={() => void refetch()} />
      ) : (
        classes.map((cls) => (
          <ClassCard
            key={cls.trainPersonId}
            cls={cls}
            certificate={certificates.data?.find((c) => c.trainPersonId === cls.trainPersonId)}
          />
        ))
      )}
    </section>
  );
}

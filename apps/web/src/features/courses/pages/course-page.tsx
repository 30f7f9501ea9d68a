import { LearnStatus } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import '../../../lib/locales/page-texts';
import '../locales/courses-texts';
import '../courses.css';
import '../../../components/plain-controls.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadBoundary } from '../../../components/load-boundary';
import { Panel } from '../../../components/panel';
import { PlainFacts } from '../../../components/plain-facts';
import { PlainNotice } from '../../../components/plain-notice';
import { PlainResult } from '../../../components/plain-result';
import { PlainTabs } from '../../../components/plain-tabs';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { ApiError } from '../../../lib/api-client';
import { CERTIFICATES_PATH, showCertificatesState } from '../../../lib/certificate-progress';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../../stores/user-store';
import { useCourseInfo, useCourseUnits, type CourseBook, type CourseUnit } from '../api/courses-api';
import { useCertificateProgress, useCourseUseState, type CourseUseState } from '../api/online-api';
import { IntentDialog } from '../components/intent-dialog';
import { LoadFailed } from '../components/query-states';
import { withChunkTimeout } from '../../../lib/chunk-timeout';

// reviews and questions, loaded when their tab is first opened
const CommentsPanel = lazy(
  withChunkTimeout(() => import('../components/comments-panel').then((m) => ({ default: m.CommentsPanel }))),
);
const DiscussionPanel = lazy(
  withChunkTimeout(() => import('../components/discussion-panel').then((m) => ({ default: m.DiscussionPanel }))),
);

type CourseUseRecord = CourseUseState['records'][number];

/** What the learner can do next with this course: study it, take its exam, fetch his certificate, or join. */
function CourseActions({ book, record }: { book: CourseBook; record: CourseUseRecord | undefined }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useUser((s) => s.token));
  const certificates = useCertificateProgress(signedIn);
  if (!record) {
    return (
      <div className="home-hero-actions">
        <Link className="plain-btn primary small" to={signedIn ? '/study' : '/login?redirect=/study'}>
          {signedIn ? t('courses.notInClass') : t('courses.loginToStudy')}
        </Link>
        <IntentDialog courseName={book.name} buttonText={t('intent.open')} />
      </div>
    );
  }
  const done = record.learnStatus === LearnStatus.COMPLETED;
  const examNext = record.examRequired && !record.examPassed && !done && record.completedUnits === record.unitCount;
  return (
    <div className="home-hero-actions">
      {examNext && (record.examTriesLeft === 0 || !record.inPeriod) ? (
        // no try left, or the class outside its period: not 去考试 (the exam would only refuse),
        // but why; the units stay open
        <>
          <span className="course-exam-none" data-testid="course-exam-none">
            {record.inPeriod ? t('study.noExamTriesLeft') : t('study.periodNoExam')}
          </span>
          <Link
            className="plain-btn small"
            data-testid="course-study"
            to={`/show?classCourseId=${record.trainClassCourseId}`}
          >
            {t('study.review')}
          </Link>
        </>
      ) : examNext ? (
        // every unit watched: the exam is the next step
        <Link
          className="plain-btn primary small"
          data-testid="course-exam"
          to={`/exams?course=${record.trainClassCourseId}&tab=exam`}
        >
          {t('study.next.exam')}
        </Link>
      ) : (
        <Link
          className={`plain-btn small${done ? '' : ' primary'}`}
          data-testid="course-study"
          to={`/show?classCourseId=${record.trainClassCourseId}`}
        >
          {done
            ? t('study.review')
            : record.learnStatus === LearnStatus.STUDYING
              ? t('study.continue')
              : t('study.start')}
        </Link>
      )}
      {certificates.data?.some((c) => c.trainPersonId === record.trainPersonId && c.status === 'issued') && (
        <Link
          className="plain-btn small"
          data-testid="course-certificate"
          to={CERTIFICATES_PATH}
          state={showCertificatesState}
        >
          {t('study.next.certificate')}
        </Link>
      )}
    </div>
  );
}

/** A request that failed for want of a network or a server (not a refusal): worth trying again. */
const unreachable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.code === ErrorCode.UNKNOWN;

/** 课程目录: the units in order, each with its length; a learner of the course may preview one. */
function UnitList({ id, units, enrolled }: { id: string; units: UseQueryResult<CourseUnit[]>; enrolled: boolean }) {
  const { t } = useTranslation();
  // a failed refetch keeps the list it has
  if (units.isError && !units.data) return <LoadFailed retry={() => void units.refetch()} />;
  if (!units.data) return <SkeletonLines lines={4} className="course-units-loading" />;
  if (units.data.length === 0) return <PlainNotice tone="info" title={t('courses.noUnits')} />;
  return (
    <ol className="course-unit-list" data-testid="course-unit-list">
      {units.data.map((u) => (
        <li key={u.courseWarpId}>
          <span className="course-unit-title">
            {u.sortOrder}. {u.title}
          </span>
          <span className="course-unit-length">{formatClock(u.durationSeconds)}</span>
          {enrolled && (
            <Link
              className="plain-link"
              aria-label={t('courses.previewOf', { name: u.title })}
              to={`/video?courseBookId=${encodeURIComponent(id)}&warpId=${encodeURIComponent(u.courseWarpId)}`}
            >
              {t('courses.preview')}
            </Link>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * 课程详情: the course, who teaches it, how many learn it, its units, comments and discussion.
 * Plain markup: a guest opens it from 首页 on a phone; the reviews and questions bring antd
 * when their tab is opened.
 */
export default function CoursePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const info = useCourseInfo(id || undefined);
  const units = useCourseUnits(id || undefined);
  const courseUse = useCourseUseState(id);
  // the tab is the page's state (a link may open one): changing the URL would keep a copy alive
  const [tab, setTab] = useState(params.get('tab') ?? 'units');
  if (!id) return <PlainResult className="page" tone="info" title={t('study.pickCourse')} />;
  if (info.isPending) return <SkeletonLines lines={6} className="page course-loading" />;
  if (!info.data) {
    return info.isError && unreachable(info.error) ? (
      <div className="page">
        <LoadFailed retry={() => void info.refetch()} />
      </div>
    ) : (
      <PlainResult className="page" tone="warning" title={t('courses.notFound')} />
    );
  }
  const book = info.data;
  const enrolled = Boolean(courseUse.data?.enrolled);
  // the learner's record of this course in their newest class, if they study it
  const record = courseUse.data?.records[0];
  // reviews and questions: their code, loaded on the tab's first opening; a failure to load it
  // stays in the tab
  const lazyTab = (content: ReactNode) => (
    <LoadBoundary>
      <Suspense fallback={<SkeletonLines lines={4} className="course-units-loading" />}>{content}</Suspense>
    </LoadBoundary>
  );
  return (
    <section className="page course-page">
      <Panel className="course-head">
        <div className="course-cover course-cover-large" aria-hidden>
          {book.images[0] ? (
            <img src={book.images[0]} alt="" width={240} height={150} />
          ) : (
            <span>{book.name.slice(0, 2)}</span>
          )}
        </div>
        <div className="course-head-text">
          <h1>{book.name}</h1>
          <p>{book.intro}</p>
          <PlainFacts
            testId="course-facts"
            facts={[
              [t('courses.teachers'), book.teachers.join(t('punct.list')) || '—'],
              [t('courses.hoursLabel'), book.classHours],
              [t('study.units'), book.unitCount],
              [t('courses.learners'), book.learnerCount],
            ]}
          />
          <CourseActions book={book} record={record} />
        </div>
      </Panel>
      <Panel className="course-tabs">
        <PlainTabs
          keepMounted
          active={tab}
          onChange={setTab}
          tabs={[
            {
              key: 'units',
              label: t('courses.catalogue'),
              content: <UnitList id={id} units={units} enrolled={enrolled} />,
            },
            {
              key: 'comments',
              label: t('online.comments'),
              content: lazyTab(<CommentsPanel bookId={id} canPost={enrolled} />),
            },
            {
              key: 'discussion',
              label: t('online.discussion'),
              content: lazyTab(<DiscussionPanel bookId={id} canPost={enrolled} />),
            },
          ]}
        />
      </Panel>
    </section>
  );
}

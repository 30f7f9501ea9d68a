import '../../../lib/locales/page-texts';
import '../locales/exams-texts';
import '../exams.css';
import '../../../components/plain-controls.css';
import { useState } from 'react';
import { PlainResult } from '../../../components/plain-result';
import { PlainTabs } from '../../../components/plain-tabs';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { examSummary, useMyCourses } from '../api/exams-api';
import { ExamPanel } from '../components/exam-panel';
import { PracticePanel } from '../components/practice-panel';

/**
 * 练题: for one of the learner's courses — sequential or random practice, the wrong-answer
 * book, the exam. Plain markup (a learner practises on his phone): no antd.
 */
export default function ExamsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // the course and tab are this page's state, not the URL's: a URL change would keep a
  // second copy of the page alive (the keep-alive cache is by address)
  const [course, setCourse] = useState(params.get('course') ?? undefined);
  const [tab, setTab] = useState(params.get('tab') ?? 'sequential');
  const courses = useMyCourses();
  if (courses.isPending) {
    return (
      <section className="page exams-page">
        <SkeletonLines lines={6} className="exams-loading" />
      </section>
    );
  }
  if (courses.data.length === 0) {
    return (
      <section className="page exams-page">
        <PlainResult tone="info" level={1} title={t('study.noClass')} />
      </section>
    );
  }
  const chosen = courses.data.find((c) => c.trainClassCourseId === course) ?? courses.data[0]!;
  const oneClass = new Set(courses.data.map((c) => c.className)).size === 1;
  // practice waits for the book's running exam, which may be another class's (a book in two
  // classes): 继续考试 opens the class whose exam is running, the chosen one if none is found
  const openExam = () => {
    const same = courses.data.filter((c) => c.courseBookId === chosen.courseBookId);
    const running =
      same.length < 2
        ? Promise.resolve(chosen)
        : Promise.all(same.map((c) => examSummary(c.trainClassCourseId, true).catch(() => undefined))).then(
            (sums) => same[sums.findIndex((s) => s?.openAttemptId)] ?? chosen,
          );
    void running.then((c) => {
      setCourse(c.trainClassCourseId);
      setTab('exam');
    });
  };
  return (
    <section className="page exams-page">
      <div className="exams-head">
        <h1>{t('route.exams')}</h1>
        <select
          className="plain-input plain-select"
          value={chosen.trainClassCourseId}
          onChange={(e) => setCourse(e.target.value)}
          aria-label={t('exams.course')}
          data-testid="exam-course"
        >
          {courses.data.map((c) => (
            <option key={c.trainClassCourseId} value={c.trainClassCourseId}>
              {/* the class named only where there are two (a phone cut the long name off) */}
              {oneClass ? c.courseName : `${c.courseName}（${c.className}）`}
            </option>
          ))}
        </select>
      </div>
      <PlainTabs
        active={tab}
        onChange={setTab}
        tabs={[
          {
            key: 'sequential',
            label: t('exams.sequential'),
            content: (
              <PracticePanel
                key={`s-${chosen.courseBookId}`}
                bookId={chosen.courseBookId}
                mode="sequential"
                onExam={openExam}
              />
            ),
          },
          {
            key: 'random',
            label: t('exams.random'),
            content: (
              <PracticePanel
                key={`r-${chosen.courseBookId}`}
                bookId={chosen.courseBookId}
                mode="random"
                onExam={openExam}
              />
            ),
          },
          {
            key: 'wrong',
            label: t('exams.wrongBook'),
            content: (
              <PracticePanel
                key={`w-${chosen.courseBookId}`}
                bookId={chosen.courseBookId}
                mode="wrong"
                onExam={openExam}
              />
            ),
          },
          {
            key: 'exam',
            label: t('exams.exam'),
            content: (
              <ExamPanel
                key={chosen.trainClassCourseId}
                classCourseId={chosen.trainClassCourseId}
                onWrongBook={() => setTab('wrong')}
              />
            ),
          },
        ]}
      />
    </section>
  );
}

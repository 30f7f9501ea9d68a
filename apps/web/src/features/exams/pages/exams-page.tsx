import '../../../lib/locales/page-texts';
import '../locales/exams-texts';
import '../exams.css';
import { Empty, Select, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useMyCourses } from '../api/exams-api';
import { ExamPanel } from '../components/exam-panel';
import { PracticePanel } from '../components/practice-panel';

/** 练题: for one of the learner's courses — sequential or random practice, the wrong-answer book, the exam. */
export default function ExamsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // the course and tab are this page's state, not the URL's: a URL change would keep a
  // second copy of the page alive (the keep-alive cache is by address)
  const [course, setCourse] = useState(params.get('course') ?? undefined);
  const [tab, setTab] = useState(params.get('tab') ?? 'sequential');
  const courses = useMyCourses();
  if (courses.isPending) return <Skeleton active className="page" />;
  if (courses.data.length === 0) return <Empty className="page" description={t('study.noClass')} />;
  const chosen = courses.data.find((c) => c.trainClassCourseId === course) ?? courses.data[0]!;
  return (
    <section className="page exams-page">
      <div className="exams-head">
        <h2>{t('route.exams')}</h2>
        <Select
          value={chosen.trainClassCourseId}
          onChange={setCourse}
          style={{ minWidth: 240 }}
          data-testid="exam-course"
          options={courses.data.map((c) => ({
            value: c.trainClassCourseId,
            label: `${c.courseName}（${c.className}）`,
          }))}
        />
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'sequential',
            label: t('exams.sequential'),
            children: <PracticePanel key={`s-${chosen.courseBookId}`} bookId={chosen.courseBookId} mode="sequential" />,
          },
          {
            key: 'random',
            label: t('exams.random'),
            children: <PracticePanel key={`r-${chosen.courseBookId}`} bookId={chosen.courseBookId} mode="random" />,
          },
          {
            key: 'wrong',
            label: t('exams.wrongBook'),
            children: <PracticePanel key={`w-${chosen.courseBookId}`} bookId={chosen.courseBookId} mode="wrong" />,
          },
          {
            key: 'exam',
            label: t('exams.exam'),
            children: <ExamPanel key={chosen.trainClassCourseId} classCourseId={chosen.trainClassCourseId} />,
          },
        ]}
      />
    </section>
  );
}

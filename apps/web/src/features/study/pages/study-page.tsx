import '../../../lib/locales/page-texts';
import '../study.css';
import { Button, Card, Empty, List, Progress, Skeleton, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useClassCourses, useClassInfo, useMyClasses, type MyClass } from '../api/study-api';
import { StatusTag } from '../components/status-tag';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

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
        {t('study.newest')}：{data.newestLearners.map((l) => l.name).join('、') || '—'}
      </span>
      <span>
        {t('study.activity')}：{t('study.activeLearners', { count: data.activity.activeLearners })} ·{' '}
        {Math.round(data.activity.studySeconds / 60)} {t('study.minutes')}
      </span>
    </div>
  );
}

function ClassCard({ cls }: { cls: MyClass }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending } = useClassCourses(cls.trainPersonId);
  return (
    <Card className="class-card" data-testid="class-card">
      <div className="class-head">
        <Progress type="circle" percent={cls.progress} size={84} />
        <div className="class-info">
          <h3>{cls.className}</h3>
          <p>
            {t('study.teacher')}：{cls.teacher || '—'} · {t('study.period')}：{day(cls.startDate)} ~ {day(cls.endDate)}
          </p>
          <p>
            {t('study.studied')} <strong>{cls.studiedHours}</strong> / {t('study.required')} {cls.requiredHours}{' '}
            {t('study.hours')} · {t('study.courses')} {cls.completedCourses}/{cls.courseCount}
          </p>
        </div>
        <Button onClick={() => navigate(`/progress?trainPersonId=${cls.trainPersonId}`)}>{t('study.progress')}</Button>
      </div>
      <ClassInfoPanel trainClassId={cls.trainClassId} />
      {isPending ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={data?.records ?? []}
          renderItem={(c) => (
            <List.Item
              data-testid="course-item"
              actions={[
                <Button
                  key="go"
                  type={c.learnStatus === 2 ? 'default' : 'primary'}
                  onClick={() => navigate(`/show?classCourseId=${c.trainClassCourseId}`)}
                >
                  {c.learnStatus === 2
                    ? t('study.review')
                    : c.learnStatus === 1
                      ? t('study.continue')
                      : t('study.start')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    {c.courseName} <StatusTag status={c.learnStatus} />
                    {c.examRequired && !c.examPassed && (
                      <Tag
                        color="orange"
                        className="exam-pending"
                        onClick={() => navigate(`/exams?course=${c.trainClassCourseId}`)}
                      >
                        {t('study.examPending')}
                      </Tag>
                    )}
                  </span>
                }
                description={
                  <>
                    <div>{c.intro}</div>
                    <Progress percent={c.sysSchedule} size="small" />
                    <div>
                      {t('study.units')} {c.completedUnits}/{c.unitCount} · {t('study.studied')} {c.studiedHours} /{' '}
                      {c.studyTimeLen} {t('study.hours')}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** 我的学习: my classes with progress, and their courses with a way to continue. */
export default function StudyPage() {
  const { t } = useTranslation();
  const { data, isPending } = useMyClasses();
  if (isPending) return <Skeleton active className="page" />;
  const classes = data?.records ?? [];
  return (
    <section className="page study-page">
      <h2>{t('study.myClasses')}</h2>
      {classes.length === 0 ? (
        <Empty description={t('study.noClass')} />
      ) : (
        classes.map((cls) => <ClassCard key={cls.trainPersonId} cls={cls} />)
      )}
    </section>
  );
}

import { Progress, Skeleton, Table } from 'antd';
import { useTranslation } from '../../../lib/i18n';
import { useMyClasses, useUnits } from '../api/study-api';
import { StatusTag } from '../components/status-tag';

/** 课程进度: every unit of the learner's classes with watched share, credited time, starts. */
export default function ProgressPage() {
  const { t } = useTranslation();
  const classes = useMyClasses();
  const units = useUnits(undefined);
  if (classes.isPending || units.isPending) return <Skeleton active className="page" />;
  const totalSeconds = (units.data ?? []).reduce((s, u) => s + u.studyLength, 0);
  return (
    <section className="page progress-page">
      <h2>{t('study.progress')}</h2>
      {(classes.data?.records ?? []).map((c) => (
        <div key={c.trainPersonId} className="progress-class">
          <h3>{c.className}</h3>
          <Progress percent={c.progress} />
          <p>
            {t('study.studied')} {c.studiedHours} / {t('study.required')} {c.requiredHours} {t('study.hours')}
          </p>
        </div>
      ))}
      <p data-testid="total-studied">
        {t('study.totalStudied')}：{Math.round(totalSeconds)} {t('study.seconds')}
      </p>
      <Table
        rowKey="trainWarpCourseId"
        size="small"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={units.data ?? []}
        columns={[
          { title: t('study.unit'), dataIndex: 'tCourseName' },
          {
            title: t('study.watched'),
            dataIndex: 'sysPercentage',
            render: (p: number) => <Progress percent={Math.round(p)} size="small" />,
          },
          {
            title: t('study.credited'),
            dataIndex: 'studyLength',
            render: (s: number) => `${Math.round(s)} ${t('study.seconds')}`,
          },
          { title: t('study.studyCount'), dataIndex: 'studyCount' },
          {
            title: t('study.lastDate'),
            dataIndex: 'lastLearnDate',
            render: (d: string | null) => (d ? new Date(d).toLocaleString() : '—'),
          },
          { title: t('study.status'), dataIndex: 'learnStatus', render: (s: number) => <StatusTag status={s} /> },
        ]}
      />
    </section>
  );
}

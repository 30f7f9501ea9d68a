import '../../../lib/locales/page-texts';
import '../study.css';
import type { WarpCourseData } from '@anxun/shared/schemas/training';
import { Button, Card, Progress, Skeleton, Statistic, Table } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { formatClock, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../../stores/user-store';
import { useClassCourses, useMyClasses, useStudyTime, useUnits, type MyClass } from '../api/study-api';
import { DailyChart } from '../components/daily-chart';
import { StatusTag } from '../components/status-tag';

/** A row of the class table: a course with its units as children, or a unit. */
interface Row {
  key: string;
  name: string;
  percent: number;
  studied: string;
  count: number | null;
  last: string | null;
  status: number;
  show: string;
  children?: Row[];
}

function ClassProgress({ cls, units }: { cls: MyClass; units: WarpCourseData[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courses = useClassCourses(cls.trainPersonId);
  const rows: Row[] = (courses.data?.records ?? []).map((c) => {
    const mine = units.filter((u) => u.trainClassCourseId === c.trainClassCourseId);
    return {
      key: c.trainPersonCourseId,
      name: c.courseName,
      percent: c.sysSchedule,
      studied: `${c.studiedHours} / ${c.studyTimeLen} ${t('study.hours')}`,
      count: mine.reduce((s, u) => s + u.studyCount, 0),
      last: c.lastLearnDate,
      status: c.learnStatus,
      show: `/show?classCourseId=${c.trainClassCourseId}`,
      children: mine.map((u) => ({
        key: u.trainWarpCourseId,
        name: `${u.sortOrder}. ${u.tCourseName}`,
        percent: Math.round(u.sysPercentage),
        studied: `${formatClock(u.studyLength)} / ${formatClock(u.durationSeconds)}`,
        count: u.studyCount,
        last: u.lastLearnDate,
        status: u.learnStatus,
        show: `/show?classCourseId=${u.trainClassCourseId}&unit=${u.trainWarpCourseId}`,
      })),
    };
  });
  return (
    <Card className="progress-class" data-testid="progress-class">
      <div className="progress-class-head">
        <Progress type="circle" percent={cls.progress} size={72} />
        <div>
          <h3>{cls.className}</h3>
          <p>
            {t('study.studied')} <strong data-testid="class-studied">{cls.studiedHours}</strong> / {t('study.required')}{' '}
            {cls.requiredHours} {t('study.hours')} · {t('study.courses')} {cls.completedCourses}/{cls.courseCount}
          </p>
        </div>
      </div>
      <Table<Row>
        rowKey="key"
        size="small"
        pagination={false}
        scroll={{ x: 760 }}
        loading={courses.isPending}
        dataSource={rows}
        expandable={{ defaultExpandAllRows: true }}
        columns={[
          { title: t('study.courseOrUnit'), dataIndex: 'name', width: 260 },
          {
            title: t('study.watched'),
            dataIndex: 'percent',
            width: 150,
            render: (p: number) => <Progress percent={p} size="small" />,
          },
          { title: t('study.studiedRequired'), dataIndex: 'studied', width: 140 },
          { title: t('study.studyCount'), dataIndex: 'count', width: 80 },
          {
            title: t('study.lastDate'),
            dataIndex: 'last',
            width: 150,
            render: (d: string | null) => formatDateTime(d),
          },
          { title: t('study.status'), dataIndex: 'status', width: 90, render: (s: number) => <StatusTag status={s} /> },
          {
            title: '',
            key: 'go',
            width: 80,
            render: (_: unknown, row: Row) => (
              <Button size="small" type="link" onClick={() => navigate(row.show)}>
                {t('study.go')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** 课程进度: totals and the last 14 days, then class → course → unit with what was credited. */
export default function ProgressPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const only = params.get('trainPersonId');
  const userId = useUser((s) => s.userId);
  const classes = useMyClasses();
  const units = useUnits(undefined);
  const time = useStudyTime(userId);
  if (classes.isPending || units.isPending) return <Skeleton active className="page" />;
  const shown = (classes.data?.records ?? []).filter((c) => !only || c.trainPersonId === only);
  const totalSeconds = (units.data ?? []).reduce((s, u) => s + u.studyLength, 0);
  return (
    <section className="page progress-page">
      <h2>{t('study.progress')}</h2>
      <Card className="progress-summary">
        <div className="progress-stats">
          <Statistic
            title={t('study.totalStudied')}
            value={formatClock(totalSeconds)}
            valueRender={() => (
              <span data-testid="total-studied" data-seconds={Math.round(totalSeconds)}>
                {formatClock(totalSeconds)}
              </span>
            )}
          />
          <Statistic title={t('study.today')} value={formatClock(time.data?.todaySeconds ?? 0)} />
          <Statistic
            title={t('study.unitsDone')}
            value={time.data?.completedUnits ?? 0}
            suffix={`/ ${time.data?.totalUnits ?? 0}`}
          />
        </div>
        {time.data && <DailyChart daily={time.data.daily} />}
      </Card>
      {shown.map((c) => (
        <ClassProgress key={c.trainPersonId} cls={c} units={units.data ?? []} />
      ))}
    </section>
  );
}

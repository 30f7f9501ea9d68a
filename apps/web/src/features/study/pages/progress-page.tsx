import '../../../lib/locales/page-texts';
import '../study.css';
import { LearnStatus } from '@anxun/shared/constants';
import type { WarpCourseData } from '@anxun/shared/schemas/training';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Progress, Skeleton, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PendingChecks } from '../../../components/face-check/pending-checks';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useIsMobile } from '../../../shell/use-is-mobile';
import { useUser } from '../../../stores/user-store';
import { useClassCourses, useMyClasses, useStudyTime, useUnits, type MyClass } from '../api/study-api';
import { DailyChart } from '../components/daily-chart';
import { isExamDue } from '../components/exam-due';
import { StatusTag } from '../components/status-tag';
import { UnitProgress } from '../components/unit-progress';

/** A row of the class table: a course with its units as children, or a unit. */
interface Row {
  key: string;
  name: string;
  percent: number;
  studied: string;
  count: number | null;
  last: string | null;
  status: number;
  examDue: boolean;
  show: string;
  /** courses carry their units; a unit has none */
  children?: Row[];
}

/** A course's share as the server says (100 % while its exam waits); a unit's with its tick when complete. */
function RowProgress({ row }: { row: Row }) {
  return row.children ? (
    <Progress
      percent={Math.round(row.percent)}
      status={row.status === LearnStatus.COMPLETED ? 'success' : 'normal'}
      size="small"
    />
  ) : (
    <UnitProgress percent={row.percent} status={row.status} />
  );
}

/** On a phone each course is a card with its units listed: nothing scrolls sideways. */
function RowCards({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const line = (row: Row) => (
    <div className="progress-card-line">
      <RowProgress row={row} />
      <small>
        {t('study.studiedRequired')} {row.studied} · {t('study.studyCount')} {row.count ?? 0} · {t('study.lastDate')}{' '}
        {formatDateTime(row.last)}
      </small>
    </div>
  );
  return (
    <div className="progress-cards" data-testid="progress-cards">
      {rows.map((course) => (
        <Card
          key={course.key}
          size="small"
          className="progress-card"
          title={
            <span>
              {course.name} <StatusTag status={course.status} examDue={course.examDue} />
            </span>
          }
          extra={
            <Button size="small" type="link" onClick={() => navigate(course.show)}>
              {course.examDue ? t('study.next.exam') : t('study.go')}
            </Button>
          }
        >
          {line(course)}
          {(course.children ?? []).map((unit) => (
            <div key={unit.key} className="progress-card-unit" onClick={() => navigate(unit.show)}>
              <div>
                {unit.name} <StatusTag status={unit.status} />
              </div>
              {line(unit)}
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}

function ClassProgress({ cls, units }: { cls: MyClass; units: WarpCourseData[] }) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const courses = useClassCourses(cls.trainPersonId);
  // every course open with its units, until the learner folds one (rows arrive after mount)
  const [folded, setFolded] = useState<string[]>([]);
  const rows: Row[] = (courses.data?.records ?? []).map((c) => {
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
      show: isExamDue(c) ? `/exams?course=${c.trainClassCourseId}` : `/show?classCourseId=${c.trainClassCourseId}`,
      children: mine.map((u) => ({
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
      {isMobile ? (
        <RowCards rows={rows} />
      ) : (
        <Table<Row>
          rowKey="key"
          size="small"
          pagination={false}
          loading={courses.isPending}
          dataSource={rows}
          expandable={{
            expandedRowKeys: rows.map((r) => r.key).filter((k) => !folded.includes(k)),
            onExpand: (open, row) => setFolded((f) => (open ? f.filter((k) => k !== row.key) : [...f, row.key])),
          }}
          columns={[
            { title: t('study.courseOrUnit'), dataIndex: 'name', width: 260 },
            {
              title: t('study.watched'),
              dataIndex: 'percent',
              width: 150,
              render: (_: number, row: Row) => <RowProgress row={row} />,
            },
            { title: t('study.studiedRequired'), dataIndex: 'studied', width: 160 },
            { title: t('study.studyCount'), dataIndex: 'count', width: 80 },
            {
              title: t('study.lastDate'),
              dataIndex: 'last',
              width: 150,
              render: (d: string | null) => formatDateTime(d),
            },
            {
              title: t('study.status'),
              dataIndex: 'status',
              width: 90,
              render: (s: number, row: Row) => <StatusTag status={s} examDue={row.examDue} />,
            },
            {
              title: '',
              key: 'go',
              width: 80,
              render: (_: unknown, row: Row) => (
                <Button size="small" type="link" onClick={() => navigate(row.show)}>
                  {row.examDue ? t('study.next.exam') : t('study.go')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** 课程进度: totals and the last 14 days, open face checks, then class → course → unit with what was credited. */
export default function ProgressPage() {
  const { t, language } = useTranslation();
  const client = useQueryClient();
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
      <PendingChecks onPassed={() => void client.invalidateQueries({ queryKey: ['study'] })} />
      <Card className="progress-summary">
        <div className="progress-stats">
          <Statistic
            title={t('study.totalStudied')}
            value={formatDuration(totalSeconds, language)}
            valueRender={() => (
              <span data-testid="total-studied" data-seconds={Math.round(totalSeconds)}>
                {formatDuration(totalSeconds, language)}
                {time.data && (
                  <small className="progress-hours">
                    {' '}
                    · {time.data.studyHours} {t('study.hours')}
                  </small>
                )}
              </span>
            )}
          />
          <Statistic title={t('study.today')} value={formatDuration(time.data?.todaySeconds ?? 0, language)} />
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

import '../locales/console-texts';
import '../console.css';
import { Card, Col, Progress, Row, Spin, Statistic, Table } from 'antd';
import { useMemo } from 'react';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDashboard, type Dashboard } from '../api/reports-api';
import { FirstStepsCard } from '../components/first-steps-card';
import { TrendChart, type TrendSeries } from '../components/trend-chart';

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

/** 概览: today and the last 30 days of the organisation, from the records, and who is behind. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const board = useDashboard();
  const data = board.data;
  const charts = useMemo(() => {
    if (!data) return undefined;
    const pick = (key: keyof Dashboard['today']) => data.series.map((d) => Number(d[key]));
    const days = data.series.map((d) => d.day);
    const hours: TrendSeries[] = [
      { name: t('console.dashboard.hours'), kind: 'bar', data: pick('creditedHours') },
      { name: t('console.dashboard.active'), kind: 'line', data: pick('learnersActive') },
    ];
    const checks: TrendSeries[] = [
      {
        name: t('console.dashboard.passed'),
        kind: 'bar',
        stack: 'checks',
        data: pick('checksPassed'),
        color: '#52c41a',
      },
      {
        name: t('console.dashboard.failed'),
        kind: 'bar',
        stack: 'checks',
        data: pick('checksFailed'),
        color: '#ff4d4f',
      },
      {
        name: t('console.dashboard.pending'),
        kind: 'bar',
        stack: 'checks',
        data: pick('checksPending'),
        color: '#faad14',
      },
      {
        name: t('console.dashboard.missed'),
        kind: 'bar',
        stack: 'checks',
        data: pick('checksMissed'),
        color: '#8c8c8c',
      },
    ];
    const exams: TrendSeries[] = [
      { name: t('console.dashboard.attempts'), kind: 'bar', data: pick('examAttempts') },
      { name: t('console.dashboard.examsPassed'), kind: 'bar', data: pick('examsPassed'), color: '#52c41a' },
      { name: t('console.dashboard.certificates'), kind: 'line', data: pick('certificates') },
    ];
    return { days, hours, checks, exams };
  }, [data, t]);

  if (!data || !charts) {
    return (
      <section className="page console-page" data-testid="dashboard-page">
        <Spin />
      </section>
    );
  }
  const { today, last30Days: month } = data;
  const figures = [
    {
      key: 'active',
      title: t('console.dashboard.active'),
      value: today.learnersActive,
      period: month.learnersActive,
    },
    { key: 'hours', title: t('console.dashboard.hours'), value: today.creditedHours, period: month.creditedHours },
    {
      key: 'checks',
      title: t('console.dashboard.checks'),
      value: t('console.dashboard.checksValue', { passed: today.checksPassed, failed: today.checksFailed }),
      period: t('console.dashboard.checksValue', { passed: month.checksPassed, failed: month.checksFailed }),
      extra:
        t('console.dashboard.checksPending', { n: month.checksPending }) +
        (month.checksMissed > 0 ? t('console.dashboard.checksMissed', { n: month.checksMissed }) : ''),
    },
    {
      key: 'exams',
      title: t('console.dashboard.exams'),
      value: t('console.dashboard.examsValue', { n: today.examAttempts }),
      period: t('console.dashboard.passRate', { rate: percent(month.examsPassed, month.examAttempts) }),
    },
    {
      key: 'certificates',
      title: t('console.dashboard.certificates'),
      value: today.certificates,
      period: month.certificates,
    },
  ];

  return (
    <section className="page console-page" data-testid="dashboard-page">
      <h1>{t('console.dashboard.title')}</h1>
      <FirstStepsCard setup={data.setup} />
      <div className="dashboard-figures">
        {figures.map((f) => (
          <Card key={f.key} size="small" data-testid={`figure-${f.key}`}>
            <Statistic title={`${t('console.dashboard.today')} · ${f.title}`} value={f.value} />
            <div className="figure-period">
              {t('console.dashboard.last30', { value: f.period })}
              {f.extra ? ` · ${f.extra}` : ''}
            </div>
          </Card>
        ))}
      </div>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('console.dashboard.hoursChart')}>
            <TrendChart days={charts.days} series={charts.hours} testId="chart-hours" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('console.dashboard.checksChart')}>
            <TrendChart days={charts.days} series={charts.checks} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('console.dashboard.examsChart')}>
            <TrendChart days={charts.days} series={charts.exams} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('console.dashboard.behind')}>
            <Table
              rowKey="classId"
              size="small"
              pagination={false}
              dataSource={data.classesBehind}
              locale={{ emptyText: t('console.dashboard.behindNone') }}
              scroll={{ x: 520 }}
              data-testid="classes-behind"
              columns={[
                { title: t('console.dashboard.className'), dataIndex: 'name' },
                {
                  title: t('console.dashboard.endDate'),
                  dataIndex: 'endDate',
                  width: 100,
                  render: (d: string | null) => (d ? formatDate(d) : '—'),
                },
                {
                  title: t('console.dashboard.done'),
                  key: 'done',
                  width: 80,
                  render: (_: unknown, c: Dashboard['classesBehind'][number]) => `${c.done} / ${c.members}`,
                },
                {
                  title: t('console.dashboard.progress'),
                  key: 'progress',
                  width: 150,
                  render: (_: unknown, c: Dashboard['classesBehind'][number]) => (
                    <Progress
                      size="small"
                      percent={Math.round(c.progressShare * 100)}
                      success={{ percent: 0 }}
                      strokeColor="#faad14"
                      format={() => `${Math.round(c.progressShare * 100)}% / ${Math.round(c.elapsedShare * 100)}%`}
                    />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
}

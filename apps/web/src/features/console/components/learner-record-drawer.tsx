import { Button, Card, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { grantExamAttempt, useLearnerReport, type LearnerReport } from '../api/reports-api';
import { notifySuccess } from '../../../lib/notify';
import { AnswerSheetModal } from './answer-sheet-modal';

type ClassRecord = LearnerReport['classes'][number];
type UnitRecord = ClassRecord['courses'][number]['units'][number];
const CHECK_COLOR = {
  pending: 'warning',
  missed: 'error',
  failed: 'error',
  passed: 'success',
  voided: 'default',
} as const;

/** 学习档案: one learner's classes, courses and units with how each second was credited. */
export function LearnerRecordDrawer({
  personId,
  name,
  onClose,
}: {
  personId: string | undefined;
  name: string | undefined;
  onClose(): void;
}) {
  const { t, language } = useTranslation();
  const report = useLearnerReport(personId);
  const [sheet, setSheet] = useState<{ attemptId: string; courseName: string }>();
  const lang = language === 'en' ? 'en' : 'zh';
  const time = (v: string | null) => (v ? formatDateTime(v) : t('console.reports.none'));
  const data = report.data;

  return (
    <Drawer
      open={Boolean(personId)}
      onClose={onClose}
      width="min(960px, 100vw)"
      title={t('console.reports.record', { name: name ?? '' })}
      extra={
        personId && (
          <Button
            type="primary"
            onClick={() =>
              void downloadFile(`/api/manage/archives/person/${personId}.pdf`, `${name ?? ''}-培训档案.pdf`)
            }
            data-testid="record-archive"
          >
            {t('console.reports.archive')}
          </Button>
        )
      }
      destroyOnHidden
      data-testid="learner-record"
    >
      {!data ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('console.reports.name')}>{data.name}</Descriptions.Item>
            <Descriptions.Item label={t('console.reports.idCard')}>{data.idCard || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('console.reports.department')}>{data.departmentName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('console.reports.post')}>{data.post ?? '—'}</Descriptions.Item>
          </Descriptions>
          {data.classes.length === 0 && <Empty description={t('console.reports.noRecords')} />}
          {data.classes.map((c) => (
            <Card
              key={c.trainPersonId}
              className="record-class"
              size="small"
              title={
                <Space wrap>
                  {c.className}
                  <Tag>{t(`console.reports.status.${c.status}`)}</Tag>
                  <span className="console-hint">
                    {t('console.reports.hours')} {c.creditedHours} / {c.requiredHours} ·{' '}
                    <span title={t('console.reports.countedHint')}>
                      {t('console.reports.counted')} {c.countedHours}
                    </span>{' '}
                    · {t('console.reports.joinedAt')} {time(c.joinedAt)}
                  </span>
                </Space>
              }
              extra={
                <Button
                  type="link"
                  size="small"
                  title={t('console.reports.trailHint')}
                  onClick={() =>
                    void downloadFile(
                      `/api/manage/reports/class-trail/export?${new URLSearchParams({ classId: c.classId, trainPersonId: c.trainPersonId }).toString()}`,
                      `${c.className}-${name ?? ''}-学习轨迹.xlsx`,
                    )
                  }
                  data-testid="record-trail"
                >
                  {t('console.reports.trail')}
                </Button>
              }
              data-testid="record-class"
            >
              {c.courses.map((course) => (
                <div key={course.trainClassCourseId} className="record-course">
                  <h4>
                    {course.courseName} <Tag>{t(`console.reports.status.${course.status}`)}</Tag>
                    <span className="console-hint">{formatDuration(course.creditedSeconds, lang)}</span>
                    {course.examAttemptsAllowed !== null && (
                      <span className="console-hint" data-testid="record-exam-attempts">
                        {' · '}
                        {t('console.reports.examAttempts', {
                          used: course.examAttemptsUsed,
                          allowed: course.examAttemptsAllowed,
                        })}
                        {course.examAttemptsGranted > 0 &&
                          t('console.reports.examGranted', { count: course.examAttemptsGranted })}
                      </span>
                    )}
                    {course.examAttemptsAllowed !== null &&
                      course.examPassedAt === null &&
                      course.examAttemptsUsed >= course.examAttemptsAllowed && (
                        <Popconfirm
                          title={t('console.reports.grantConfirm', { name: data.name, course: course.courseName })}
                          onConfirm={() =>
                            grantExamAttempt(c.trainPersonId, course.trainClassCourseId)
                              .then(() => {
                                notifySuccess(t('console.reports.granted'));
                                void report.refetch();
                              })
                              .catch(() => undefined)
                          }
                        >
                          <Button type="link" size="small" data-testid="record-grant-attempt">
                            {t('console.reports.grantAttempt')}
                          </Button>
                        </Popconfirm>
                      )}
                  </h4>
                  <Table<UnitRecord>
                    rowKey="trainWarpCourseId"
                    size="small"
                    pagination={false}
                    scroll={{ x: 760 }}
                    dataSource={course.units}
                    columns={[
                      { title: t('console.reports.unit'), dataIndex: 'title', width: 180 },
                      {
                        title: t('console.reports.length'),
                        dataIndex: 'durationSeconds',
                        width: 80,
                        render: (s: number) => formatDuration(s, lang),
                      },
                      {
                        title: t('console.reports.creditedTime'),
                        dataIndex: 'creditedSeconds',
                        width: 90,
                        render: (s: number, u) => (
                          <span>
                            {formatDuration(s, lang)} {u.done && <Tag color="success">✓</Tag>}
                          </span>
                        ),
                      },
                      { title: t('console.reports.studyCount'), dataIndex: 'studyCount', width: 70 },
                      { title: t('console.reports.firstStudy'), dataIndex: 'firstStudyAt', width: 140, render: time },
                      { title: t('console.reports.lastStudy'), dataIndex: 'lastStudyAt', width: 140, render: time },
                      {
                        title: t('console.reports.refusals'),
                        dataIndex: 'refusals',
                        render: (r: Record<string, number>) =>
                          Object.entries(r).map(([code, n]) => (
                            <Tag key={code} color="warning" data-testid="record-refusal">
                              {t(`console.reports.refusal.${code}`, { defaultValue: code })} × {n}
                            </Tag>
                          )),
                      },
                    ]}
                  />
                </div>
              ))}
              <h4>{t('console.reports.checks')}</h4>
              <Table
                rowKey="checkId"
                size="small"
                pagination={false}
                scroll={{ x: 800 }}
                dataSource={c.faceChecks}
                locale={{ emptyText: t('console.reports.noRecords') }}
                columns={[
                  { title: t('console.reports.dueAt'), dataIndex: 'dueAt', width: 140, render: time },
                  {
                    title: t('console.reports.checkWhen'),
                    dataIndex: 'kind',
                    width: 70,
                    render: (k: ClassRecord['faceChecks'][number]['kind']) => t(`console.reports.checkKind.${k}`),
                  },
                  {
                    title: t('console.statusTitle'),
                    dataIndex: 'status',
                    width: 80,
                    render: (s: keyof typeof CHECK_COLOR) => (
                      <Tag color={CHECK_COLOR[s]}>{t(`console.reports.checkStatus.${s}`)}</Tag>
                    ),
                  },
                  {
                    title: t('console.reports.score'),
                    dataIndex: 'bestScore',
                    width: 80,
                    render: (v: number | null) => (v === null ? '—' : v.toFixed(2)),
                  },
                  { title: t('console.reports.attempts'), dataIndex: 'attempts', width: 70 },
                  { title: t('console.reports.unit'), dataIndex: 'unitTitle', render: (v: string | null) => v ?? '—' },
                  {
                    title: t('console.reports.review'),
                    dataIndex: 'review',
                    width: 200,
                    render: (r: ClassRecord['faceChecks'][number]['review']) =>
                      r ? (
                        <span data-testid="record-check-review">
                          {r.decision === 'voided'
                            ? t('console.reports.reviewVoided', {
                                reason: r.reason,
                                duration: formatDuration(r.voidedSeconds, lang),
                              })
                            : `${t('console.reports.reviewConfirmed')}${r.reason ? `：${r.reason}` : ''}`}
                          <br />
                          <span className="console-hint">
                            {t('console.reports.reviewBy', { name: r.reviewerName ?? '—', time: time(r.reviewedAt) })}
                          </span>
                        </span>
                      ) : (
                        '—'
                      ),
                  },
                ]}
              />
              <h4>{t('console.reports.examRecords')}</h4>
              <Table
                rowKey="attemptId"
                size="small"
                pagination={false}
                scroll={{ x: 560 }}
                dataSource={c.examAttempts}
                locale={{ emptyText: t('console.reports.noRecords') }}
                columns={[
                  { title: t('console.reports.examCourse'), dataIndex: 'courseName', width: 160 },
                  { title: t('console.reports.startedAt'), dataIndex: 'startedAt', width: 140, render: time },
                  {
                    title: t('console.reports.examScore'),
                    key: 'score',
                    width: 90,
                    render: (_: unknown, a: ClassRecord['examAttempts'][number]) =>
                      a.score === null ? '—' : `${a.score} / ${a.totalScore}`,
                  },
                  {
                    title: t('console.statusTitle'),
                    key: 'passed',
                    width: 150,
                    render: (_: unknown, a: ClassRecord['examAttempts'][number]) =>
                      a.voided ? (
                        <Tag color="error" title={t('console.reports.examVoidedHint')}>
                          {t('console.reports.examVoided')}
                        </Tag>
                      ) : a.status === 'open' ? (
                        <Tag>{t('console.reports.open_')}</Tag>
                      ) : (
                        <>
                          {a.passed ? (
                            <Tag color="success">{t('console.reports.passed')}</Tag>
                          ) : (
                            <Tag color="error">{t('console.reports.failed')}</Tag>
                          )}
                          {a.status === 'expired' && <Tag color="warning">{t('console.reports.expired')}</Tag>}
                        </>
                      ),
                  },
                  {
                    title: t('console.actions'),
                    key: 'sheet',
                    width: 80,
                    render: (_: unknown, a: ClassRecord['examAttempts'][number]) =>
                      a.status !== 'open' && (
                        <Button
                          type="link"
                          size="small"
                          onClick={() => setSheet({ attemptId: a.attemptId, courseName: a.courseName })}
                        >
                          {t('console.reports.sheet')}
                        </Button>
                      ),
                  },
                ]}
              />
              {c.certificate && (
                <p className="record-certificate">
                  {t('console.reports.certificate')}: {c.certificate.number}{' '}
                  {c.certificate.status === 'revoked' && <Tag color="error">{t('console.reports.revoked')}</Tag>} ·{' '}
                  {t('console.reports.issuedAt')} {time(c.certificate.issuedAt)}
                </p>
              )}
            </Card>
          ))}
        </Space>
      )}
      <AnswerSheetModal
        attemptId={sheet?.attemptId}
        courseName={sheet?.courseName ?? ''}
        onClose={() => setSheet(undefined)}
      />
    </Drawer>
  );
}

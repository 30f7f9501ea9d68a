import { Button, Checkbox, DatePicker, Popconfirm, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { SearchBox } from './search-box';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { notifySuccess } from '../../../lib/notify';
import { issueCertificate } from '../api/certificates-api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDepartments } from '../api/console-api';
import { useClassProgress, type ClassProgressRow, type MemberStatus, type ReportFilter } from '../api/reports-api';
import { ClassArchiveButton } from './class-archive-button';
import { asSelect, toTree } from './department-tree';
import { LearnerRecordDrawer } from './learner-record-drawer';
import { fullIdName } from '../lib/full-id-name';
import { useSizedPager } from './table-pager';
import { ClassPicker } from './class-picker';

export const STATUS_COLOR: Record<MemberStatus, string> = {
  'not-started': 'default',
  studying: 'processing',
  'exam-due': 'warning',
  done: 'success',
};
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** 班级进度: who has finished and who has not, with each member's 学时 from the study record. */
export function ClassProgressPanel() {
  const { t } = useTranslation();
  const departments = useDepartments();
  const [classId, setClassId] = useState<string>();
  const [filter, setFilter] = useState<ReportFilter>({});
  const { current, size, setCurrent, pagination } = useSizedPager(t, 'class-progress', 20);
  const [opened, setOpened] = useState<ClassProgressRow>();
  const progress = useClassProgress(classId, filter, current, size);
  const [fullIds, setFullIds] = useState(false);
  /** the sheets as the page filters them */
  const download = (path: string, name: string, filtered = true) => {
    const params = { classId, ...(filtered ? filter : {}), ...(fullIds ? { full: '1' } : {}) };
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
    void downloadFile(`${path}?${query.toString()}`, fullIdName(name, fullIds));
    // whole ID numbers are asked for one sheet at a time: the next export is masked again
    setFullIds(false);
  };
  const className = progress.data?.className ?? '';
  const client = useQueryClient();
  /** 发证 for a member who has completed every course (the server checks, and says what is missing) */
  const issue = (r: ClassProgressRow) =>
    void issueCertificate(r.trainPersonId)
      .then((c) => {
        notifySuccess(t('console.certificates.issued', { number: c.number }));
        void client.invalidateQueries({ queryKey: ['console', 'report'] });
      })
      .catch(() => undefined);
  const change = (next: Partial<ReportFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setCurrent(1);
  };

  return (
    <>
      <Space wrap className="console-toolbar">
        <ClassPicker
          aria-label={t('console.reports.pickClass')}
          style={{ width: 240 }}
          placeholder={t('console.reports.pickClass')}
          chooseSole
          value={classId}
          onChange={(v) => {
            setClassId(v);
            // a course of the class before is not this one's
            setFilter((f) => ({ ...f, classCourseId: undefined }));
            setCurrent(1);
          }}
          data-testid="report-class"
        />
        <Select
          aria-label={t('console.reports.allCourses')}
          allowClear
          style={{ width: 180 }}
          placeholder={t('console.reports.allCourses')}
          value={filter.classCourseId}
          onChange={(v?: string) => change({ classCourseId: v })}
          options={(progress.data?.courses ?? []).map((c) => ({ value: c.classCourseId, label: c.name }))}
          data-testid="report-course"
        />
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          style={{ width: 180 }}
          placeholder={t('console.reports.allDepartments')}
          value={filter.departmentId}
          onChange={(v?: string) => change({ departmentId: v })}
          treeData={toTree(departments.data ?? []).map(asSelect)}
        />
        <Select
          aria-label={t('console.statusTitle')}
          allowClear
          style={{ width: 120 }}
          placeholder={t('console.reports.allStatus')}
          value={filter.status}
          onChange={(v?: MemberStatus) => change({ status: v })}
          options={(['not-started', 'studying', 'exam-due', 'done'] as const).map((s) => ({
            value: s,
            label: t(`console.reports.status.${s}`),
          }))}
          data-testid="report-status"
        />
        <SearchBox
          allowClear
          style={{ width: 300, maxWidth: '100%' }}
          placeholder={t('console.reports.search')}
          onSearch={(q) => change({ q: q.trim() || undefined })}
        />
        <DatePicker.RangePicker
          aria-label={t('console.reports.range')}
          placeholder={[t('console.reports.range'), '']}
          onChange={(range) => change({ from: day(range?.[0]), to: day(range?.[1]) })}
        />
      </Space>
      {classId && (
        <Space wrap className="console-toolbar">
          <Button
            onClick={() => download('/api/manage/reports/class-progress/export', `${className}-学习情况.xlsx`)}
            data-testid="report-export"
          >
            {t('console.reports.exportCourses')}
          </Button>
          <Button onClick={() => download('/api/manage/reports/class-units/export', `${className}-学习明细.xlsx`)}>
            {t('console.reports.exportUnits')}
          </Button>
          <Button
            onClick={() => download('/api/manage/reports/class-trail/export', `${className}-学习轨迹.xlsx`)}
            title={t('console.reports.trailHint')}
            data-testid="report-export-trail"
          >
            {t('console.reports.exportTrail')}
          </Button>
          <Button onClick={() => download('/api/manage/exam-attempts/export', `${className}-考试成绩.xlsx`, false)}>
            {t('console.reports.exportExams')}
          </Button>
          <Button
            onClick={() => download('/api/manage/face-checks/export', `${className}-核验记录.xlsx`, false)}
            data-testid="report-export-checks"
          >
            {t('console.reports.exportChecks')}
          </Button>
          <Checkbox checked={fullIds} onChange={(e) => setFullIds(e.target.checked)}>
            {t('console.fullIds')}
          </Checkbox>
          <ClassArchiveButton classId={classId} className={className} />
        </Space>
      )}
      {progress.data && (
        <p className="console-hint" data-testid="report-summary">
          {t('console.reports.summary', {
            name: progress.data.className,
            total: progress.data.total,
            hours: progress.data.requiredHours,
          })}
        </p>
      )}
      <Table<ClassProgressRow>
        rowKey="trainPersonId"
        size="small"
        loading={Boolean(classId) && progress.isPending}
        dataSource={progress.data?.records ?? []}
        locale={{ emptyText: classId ? t('console.reports.noRecords') : t('console.reports.chooseClass') }}
        scroll={{ x: 1165 }}
        data-testid="report-table"
        pagination={pagination(progress.data?.total)}
        columns={[
          {
            title: t('console.reports.name'),
            dataIndex: 'name',
            width: 125,
            fixed: 'left',
            // two learners may share a name: the masked ID number tells them apart
            render: (name: string, r) => (
              <>
                {name}
                {r.disabled && (
                  <Tag className="report-disabled" data-testid="report-disabled">
                    {t('console.status.disabled')}
                  </Tag>
                )}
                <div className="report-sub">{r.idCard}</div>
              </>
            ),
          },
          {
            title: t('console.reports.department'),
            dataIndex: 'departmentName',
            width: 96,
            render: (v: string | null) => v ?? t('console.reports.none'),
          },
          {
            title: t('console.statusTitle'),
            dataIndex: 'status',
            width: 80,
            render: (s: MemberStatus) => <Tag color={STATUS_COLOR[s]}>{t(`console.reports.status.${s}`)}</Tag>,
          },
          {
            title: t('console.reports.hours'),
            key: 'hours',
            width: 100,
            render: (_: unknown, r) => `${r.creditedHours} / ${r.requiredHours}`,
          },
          {
            title: <span title={t('console.reports.countedHint')}>{t('console.reports.counted')}</span>,
            dataIndex: 'countedHours',
            width: 72,
          },
          {
            title: t('console.reports.courses'),
            key: 'courses',
            width: 64,
            render: (_: unknown, r) => `${r.coursesDone} / ${r.courseCount}`,
          },
          {
            title: t('console.reports.exams'),
            key: 'exams',
            width: 96,
            render: (_: unknown, r) => `${r.examsPassed} / ${r.examAttempts}`,
          },
          {
            title: t('console.reports.checks'),
            key: 'checks',
            width: 150,
            render: (_: unknown, r) =>
              // a class that checked faces before it stopped keeps its counts
              !progress.data?.checksFaces &&
              r.faceChecks.passed +
                r.faceChecks.failed +
                r.faceChecks.pending +
                r.faceChecks.missed +
                r.faceChecks.voided ===
                0 ? (
                t('console.reports.noChecks')
              ) : (
                <span
                  className={
                    r.faceChecks.failed + r.faceChecks.missed > 0 || r.faceChecks.refusedCopies > 0
                      ? 'report-alert'
                      : undefined
                  }
                  data-testid="report-checks"
                >
                  {t('console.reports.checksCell', r.faceChecks)}
                  {r.faceChecks.missed > 0 && (
                    <span title={t('console.reports.checksMissedHint')}>
                      {t('console.reports.checksMissed', r.faceChecks)}
                    </span>
                  )}
                  {r.faceChecks.voided > 0 && t('console.reports.checksVoided', r.faceChecks)}
                  {/* copies refused before a pass: 通过 2 · 失败 0 alone hid eleven tries with a copy */}
                  {r.faceChecks.refusedCopies > 0 && (
                    <span title={t('console.reports.refusedCopiesHint')}>
                      {t('console.reports.refusedCopies', { count: r.faceChecks.refusedCopies })}
                    </span>
                  )}
                </span>
              ),
          },
          {
            title: t('console.reports.certificate'),
            key: 'certificate',
            width: 136,
            render: (_: unknown, r) =>
              r.certificate ? (
                <>
                  {r.certificate.number}
                  {r.certificate.status === 'revoked' && <Tag color="error">{t('console.reports.revoked')}</Tag>}
                </>
              ) : (
                t('console.reports.none')
              ),
          },
          {
            title: t('console.reports.lastStudy'),
            dataIndex: 'lastStudyAt',
            width: 136,
            render: (v: string | null) => (v ? formatDateTime(v) : t('console.reports.none')),
          },
          {
            title: t('console.actions'),
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size="small">
                <a onClick={() => setOpened(r)} data-testid="report-open">
                  {t('console.reports.open')}
                </a>
                {r.status === 'done' && !r.certificate && (
                  // a certificate goes out under the organisation's name: asked first
                  <Popconfirm
                    title={t('console.certificates.issueConfirm', { name: r.name })}
                    onConfirm={() => issue(r)}
                  >
                    <a data-testid="report-issue">{t('console.certificates.issue')}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <LearnerRecordDrawer personId={opened?.personId} name={opened?.name} onClose={() => setOpened(undefined)} />
    </>
  );
}

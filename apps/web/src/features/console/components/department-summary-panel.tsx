import { Button, DatePicker, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { useTranslation } from '../../../lib/i18n';
import { useDepartmentSummary, type DepartmentSummaryRow } from '../api/reports-api';
import { ClassPicker } from './class-picker';

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** 部门汇总: each department's learners, enrolments, completion and 学时. */
export function DepartmentSummaryPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<{ classId?: string; from?: string; to?: string }>({});
  const summary = useDepartmentSummary(filter);
  return (
    <>
      <Space wrap className="console-toolbar">
        <ClassPicker
          aria-label={t('console.reports.allClasses')}
          allowClear
          style={{ width: 240 }}
          placeholder={t('console.reports.allClasses')}
          onChange={(v) => setFilter((f) => ({ ...f, classId: v }))}
        />
        <DatePicker.RangePicker
          placeholder={[t('console.reports.range'), '']}
          onChange={(range) => setFilter((f) => ({ ...f, from: day(range?.[0]), to: day(range?.[1]) }))}
        />
        <Button
          onClick={() => {
            const query = new URLSearchParams(
              Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])),
            );
            void downloadFile(`/api/manage/reports/departments/export?${query.toString()}`, '部门汇总.xlsx');
          }}
        >
          {t('console.reports.exportDepartments')}
        </Button>
        <span className="console-hint">{t('console.reports.departmentsInclude')}</span>
        {/* 学员数 5 beside 参训人次 0 read as a class's learners who never came */}
        {filter.classId && <span className="console-hint">{t('console.reports.departmentsOfClass')}</span>}
      </Space>
      <Table<DepartmentSummaryRow>
        rowKey={(r) => r.departmentId ?? 'none'}
        size="small"
        loading={summary.isPending}
        dataSource={summary.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        data-testid="department-summary"
        columns={[
          {
            title: t('console.reports.department'),
            dataIndex: 'name',
            render: (name: string, r) => (r.departmentId ? name : t('console.reports.noDepartment')),
          },
          { title: t('console.reports.learners'), dataIndex: 'learners', width: 80 },
          { title: t('console.reports.enrolled'), dataIndex: 'enrolled', width: 90 },
          { title: t('console.reports.completed'), dataIndex: 'completed', width: 80 },
          {
            title: t('console.reports.completionRate'),
            dataIndex: 'completionRate',
            width: 90,
            render: (v: number) => `${Math.round(v * 100)}%`,
          },
          {
            // a total over many people, not the sum of the figures each learner's pages show
            title: <span title={t('console.reports.departmentHoursHint')}>{t('console.reports.credited')}</span>,
            dataIndex: 'creditedHours',
            width: 100,
          },
        ]}
      />
    </>
  );
}

import '../locales/console-texts';
import '../console.css';
import { Card, Tabs } from 'antd';
import { useTranslation } from '../../../lib/i18n';
import { ClassProgressPanel } from '../components/class-progress-panel';
import { DepartmentSummaryPanel } from '../components/department-summary-panel';

/** 学习报表: who has not finished, who was caught, and each learner's file. */
export default function ReportsPage() {
  const { t } = useTranslation();
  return (
    <section className="page console-page" data-testid="reports-page">
      <h1>{t('route.manageReports')}</h1>
      <Card size="small">
        <Tabs
          items={[
            { key: 'class', label: t('console.reports.classTab'), children: <ClassProgressPanel /> },
            {
              key: 'departments',
              label: <span data-testid="department-tab">{t('console.reports.departmentTab')}</span>,
              children: <DepartmentSummaryPanel />,
            },
          ]}
        />
      </Card>
    </section>
  );
}

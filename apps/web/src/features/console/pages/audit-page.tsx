import '../locales/console-texts';
import '../console.css';
import { Card, Select, Table } from 'antd';
import { useState } from 'react';
import { formatDateTimeSeconds } from '../../../lib/format';
import { useTranslation, type Language } from '../../../lib/i18n';
import { useAudit, type AuditPage as Page } from '../api/console-api';
import { tablePager } from '../components/table-pager';
import {
  auditActionText,
  auditFilterOptions,
  auditSummaryKey,
  auditSummaryValue,
  auditTargetText,
} from '../lib/audit-actions';

type Row = Page['records'][number];
type Values = Record<string, unknown>;

/**
 * A value as a manager reads it: an id by the name it stands for (`names`, from the server), a
 * code or a yes/no in words, a list joined, an object's fields one after another.
 */
const shownWith =
  (names: Record<string, string>, language: Language) =>
  (value: unknown): string => {
    const shown = shownWith(names, language);
    return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
      ? '—'
      : Array.isArray(value)
        ? value.map(shown).join('、')
        : typeof value === 'object'
          ? Object.entries(value as Values)
              .map(([k, v]) => `${auditSummaryKey(k, language)}: ${shown(v)}`)
              .join('；')
          : typeof value === 'string' && names[value]
            ? names[value]
            : auditSummaryValue(String(value), language);
  };

/** A record's fields, one a line, in the page's words; a change reads before → after. */
function SummaryLines({ summary, names }: { summary: unknown; names: Record<string, string> }) {
  const { language } = useTranslation();
  const shown = shownWith(names, language);
  const { before = {}, after = {} } = (summary ?? {}) as { before?: Values; after?: Values };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <ul className="console-summary">
      {keys.map((key) => {
        const was = shown(before[key]);
        const is = shown(after[key]);
        const text = !(key in after) ? was : !(key in before) || was === is ? is : `${was} → ${is}`;
        return (
          <li key={key}>
            <span className="console-summary-key">{auditSummaryKey(key, language)}</span> {text}
          </li>
        );
      })}
    </ul>
  );
}

/** 操作日志: every write of the organisation's managers, newest first. */
export default function AuditPage() {
  const { t, language } = useTranslation();
  const [action, setAction] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const audit = useAudit({ action, current });
  return (
    <section className="page console-page" data-testid="audit-page">
      <h1>{t('console.audit')}</h1>
      <Card size="small">
        <Select
          allowClear
          className="console-toolbar"
          style={{ width: 200 }}
          aria-label={t('console.filterActionLabel')}
          placeholder={t('console.filterAction')}
          value={action}
          onChange={(v?: string) => {
            setAction(v);
            setCurrent(1);
          }}
          options={auditFilterOptions(language)}
          data-testid="audit-filter"
        />
        <Table<Row>
          rowKey="id"
          size="small"
          loading={audit.isPending}
          dataSource={audit.data?.records ?? []}
          // 内容 keeps a readable width: a phone scrolls to it rather than squeeze it a word a line
          scroll={{ x: 1120 }}
          pagination={tablePager(t, { pageSize: 20, current, total: audit.data?.total, onChange: setCurrent })}
          columns={[
            { title: t('console.at'), dataIndex: 'at', width: 170, render: (d: string) => formatDateTimeSeconds(d) },
            { title: t('console.actor'), dataIndex: 'actorName', width: 100 },
            {
              title: t('console.action'),
              dataIndex: 'action',
              width: 150,
              // the recorded code stays at hand (an export or a question to support names it)
              render: (code: string) => <span title={code}>{auditActionText(code, language)}</span>,
            },
            {
              title: t('console.target'),
              dataIndex: 'targetType',
              width: 160,
              // the kind, and which one by name (a learner, a class); the id for one since deleted
              render: (code: string, r: Row) => (
                <span title={r.targetId}>
                  {auditTargetText(code, language)}
                  {r.targetName ? `：${r.targetName}` : ''}
                  {r.orgName && code !== 'organisation' ? `（${r.orgName}）` : ''}
                </span>
              ),
            },
            { title: 'IP', dataIndex: 'ip', width: 110 },
            {
              title: t('console.summary'),
              dataIndex: 'summary',
              render: (s: unknown, r: Row) => <SummaryLines summary={s} names={r.summaryNames} />,
            },
          ]}
        />
      </Card>
    </section>
  );
}

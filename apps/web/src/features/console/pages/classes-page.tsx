import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Grid, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  consoleKeys,
  removeMember,
  setClassClosed,
  useClassPage,
  useMembers,
  type ClassMember,
  type ManagedClass,
} from '../api/console-api';
import { ClassDialog } from '../components/class-dialog';
import { PHASE_COLOR } from '../lib/class-phase';
import { EnrolDialog } from '../components/enrol-dialog';
import { PaperDrawer } from '../components/paper-drawer';
import { SearchBox } from '../components/search-box';
import { tablePager, useSizedPager } from '../components/table-pager';

function Members({ cls, onClose, onChanged }: { cls: ManagedClass; onClose(): void; onChanged(): void }) {
  const { t, language } = useTranslation();
  const [q, setQ] = useState('');
  const { current, size, setCurrent, pagination } = useSizedPager(t, 'class-members', 20);
  const members = useMembers(cls.id, { q, current, size });
  const remove = (m: ClassMember) =>
    removeMember(cls.id, m.trainPersonId)
      .then(() => {
        notifySuccess(t('console.saved'));
        // the last one of a later page gone: the page before, not an empty one
        if (current > 1 && members.data?.records.length === 1) setCurrent(current - 1);
        onChanged();
      })
      .catch(() => undefined);
  return (
    <Drawer open size="min(760px, 100vw)" title={`${cls.name} · ${t('console.members')}`} onClose={onClose}>
      <SearchBox
        allowClear
        className="console-drawer-search"
        placeholder={t('console.memberSearch')}
        onSearch={(v) => {
          setQ(v.trim());
          setCurrent(1);
        }}
      />
      <Table<ClassMember>
        rowKey="trainPersonId"
        size="small"
        loading={members.isPending}
        dataSource={members.data?.records ?? []}
        // on a phone the table scrolls: names and departments were wrapped a character a line
        scroll={{ x: 680 }}
        data-testid="member-table"
        pagination={pagination(members.data?.total)}
        columns={[
          { title: t('console.name'), dataIndex: 'name', width: 90 },
          // two learners may share a name: the masked ID number tells them apart
          { title: t('console.idCard'), dataIndex: 'idCard', render: (v: string) => v || '—' },
          { title: t('console.department'), dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
          {
            title: t('console.progress'),
            key: 'p',
            render: (_: unknown, m: ClassMember) => `${m.coursesDone}/${m.courseCount}`,
          },
          {
            title: t('console.studied'),
            dataIndex: 'studiedSeconds',
            render: (s: number) => formatDuration(s, language),
          },
          { title: t('console.lastStudy'), dataIndex: 'lastStudyAt', render: (d: string | null) => formatDateTime(d) },
          {
            title: t('console.actions'),
            key: 'remove',
            width: 70,
            render: (_: unknown, m: ClassMember) =>
              !m.removable ? (
                <Tooltip title={t('console.removeBlocked')}>
                  <Button type="link" size="small" disabled data-testid="member-remove-blocked">
                    {t('console.remove')}
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={t('console.removeConfirm', { name: m.idCard ? `${m.name}（${m.idCard}）` : m.name })}
                  onConfirm={() => remove(m)}
                >
                  <Button type="link" size="small" danger>
                    {t('console.remove')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Drawer>
  );
}

/** 班级: the organisation's classes; create one, enrol departments, see the members' progress, close it. */
export default function ClassesPage() {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md === true;
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [current, setCurrent] = useState(1);
  const classes = useClassPage({ q, current });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ManagedClass | undefined>();
  const [enrolling, setEnrolling] = useState<ManagedClass | undefined>();
  const [viewing, setViewing] = useState<ManagedClass | undefined>();
  const [papers, setPapers] = useState<ManagedClass | undefined>();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.all });
  return (
    <section className="page console-page" data-testid="classes-page">
      <h1>{t('console.classes')}</h1>
      <Card size="small">
        <Space className="console-toolbar">
          <Button type="primary" onClick={() => setCreating(true)} data-testid="class-create">
            {t('console.newClass')}
          </Button>
          <SearchBox
            allowClear
            placeholder={t('console.className')}
            onSearch={(v) => {
              setQ(v.trim());
              setCurrent(1);
            }}
          />
        </Space>
        <Table<ManagedClass>
          rowKey="id"
          size="small"
          loading={classes.isPending}
          dataSource={classes.data?.records ?? []}
          // a phone scrolls the class's particulars under its actions, kept in view on the right
          scroll={{ x: 1040 }}
          data-testid="class-table"
          pagination={tablePager(t, { pageSize: 20, current, total: classes.data?.total, onChange: setCurrent })}
          columns={[
            { title: t('console.className'), dataIndex: 'name', width: 180 },
            { title: t('console.teacher'), dataIndex: 'teacher', width: 90, render: (v: string) => v || '—' },
            {
              title: t('console.period'),
              key: 'period',
              width: 180,
              render: (_: unknown, c: ManagedClass) => (c.startDate ? `${c.startDate} ~ ${c.endDate ?? ''}` : '—'),
            },
            {
              title: t('console.courses'),
              key: 'courses',
              width: 220,
              render: (_: unknown, c: ManagedClass) =>
                c.courses.map((x, i) => (
                  <span key={x.trainClassCourseId}>
                    {i > 0 && '、'}
                    {x.name}
                    {c.rules.exam.required && x.questionCount === 0 && (
                      // its learners would study to the end and find no exam to sit
                      <Tooltip title={t('console.noQuestionsHint')}>
                        <Tag color="error" className="class-course-warning" data-testid="class-no-questions">
                          {t('console.noQuestions')}
                        </Tag>
                      </Tooltip>
                    )}
                  </span>
                )),
            },
            { title: t('console.requiredHours'), dataIndex: 'requiredHours', width: 70 },
            { title: t('console.memberCount'), dataIndex: 'memberCount', width: 70 },
            {
              title: t('console.statusTitle'),
              dataIndex: 'status',
              width: 80,
              render: (_: unknown, c: ManagedClass) => (
                <Tag color={PHASE_COLOR[c.phase]}>{t(`console.${c.phase}`)}</Tag>
              ),
            },
            {
              title: t('console.actions'),
              key: 'actions',
              // two lines of links on a phone, one on a desktop
              width: wide ? 280 : 170,
              fixed: 'right',
              render: (_: unknown, c: ManagedClass) => (
                <Space size={0} wrap>
                  {c.status === 'open' && (
                    <Button type="link" size="small" data-testid="class-enrol" onClick={() => setEnrolling(c)}>
                      {t('console.enrol')}
                    </Button>
                  )}
                  <Button type="link" size="small" onClick={() => setEditing(c)} data-testid="class-edit">
                    {t('console.edit')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setViewing(c)}>
                    {t('console.members')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setPapers(c)} data-testid="class-papers">
                    {t('console.paper.open')}
                  </Button>
                  {c.status === 'open' ? (
                    // its learners can study no more of it: asked first, naming the class
                    <Popconfirm
                      title={t('console.closeConfirm', { name: c.name })}
                      onConfirm={() => void setClassClosed(c.id, true).then(refresh)}
                    >
                      <Button type="link" size="small" data-testid="class-close">
                        {t('console.close')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button type="link" size="small" onClick={() => void setClassClosed(c.id, false).then(refresh)}>
                      {t('console.reopen')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ClassDialog
        key={editing?.id ?? 'new'}
        open={creating || editing !== undefined}
        cls={editing}
        onClose={() => {
          setCreating(false);
          setEditing(undefined);
        }}
        onSaved={() => {
          setCreating(false);
          setEditing(undefined);
          refresh();
        }}
      />
      {enrolling && (
        <EnrolDialog
          cls={enrolling}
          onClose={() => setEnrolling(undefined)}
          onDone={() => {
            setEnrolling(undefined);
            refresh();
          }}
        />
      )}
      {papers && <PaperDrawer cls={papers} onClose={() => setPapers(undefined)} />}
      {viewing && <Members cls={viewing} onClose={() => setViewing(undefined)} onChanged={refresh} />}
    </section>
  );
}

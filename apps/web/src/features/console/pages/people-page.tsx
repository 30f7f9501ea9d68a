import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { SearchBox } from '../components/search-box';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  consoleKeys,
  decideRegistration,
  learnerAction,
  resetPassword,
  useDepartments,
  useLearners,
  type Learner,
} from '../api/console-api';
import { DepartmentTree } from '../components/department-tree';
import { FaceReferenceDialog } from '../components/face-reference-dialog';
import { fullIdName } from '../lib/full-id-name';
import { ImportDialog } from '../components/import-dialog';
import { LearnerDialog } from '../components/learner-dialog';
import { LearnerRecordDrawer } from '../components/learner-record-drawer';
import { RegistrationSetting } from '../components/registration-setting';
import { useSizedPager } from '../components/table-pager';

const STATUS_COLOR = { active: 'success', disabled: 'default', locked: 'warning', pending: 'processing' } as const;

/** 部门与学员: the department tree beside the learners of the chosen department, with import. */
export default function PeoplePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const departments = useDepartments();
  const [departmentId, setDepartmentId] = useState<string | undefined>();
  const [includeSub, setIncludeSub] = useState(true);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const { current, size, setCurrent, pagination } = useSizedPager(t, 'people', 10);
  const learners = useLearners({ departmentId, includeSub, q: q || undefined, status, current, size });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Learner | undefined>();
  const [faceOf, setFaceOf] = useState<Learner | undefined>();
  /** whose 学习档案 is open (his classes, study, checks and exams), from his row */
  const [recordOf, setRecordOf] = useState<Learner | undefined>();
  /** whole ID numbers in the export (recorded in the audit log) */
  const [fullIds, setFullIds] = useState(false);
  const refresh = (removed?: string) => {
    // a department just deleted: its learners' list, still on screen until the selection
    // clears, is dropped rather than asked for again (the server says 部门不存在)
    if (removed) client.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes(removed) });
    void client.invalidateQueries({ queryKey: consoleKeys.all });
  };
  // shown once: a copy button beside it, for the message the manager passes on
  const showPassword = (text: string, password: string) =>
    Modal.success({
      title: t('console.saved'),
      content: (
        <Typography.Text data-testid="shown-password" copyable={{ text: password }}>
          {text}
        </Typography.Text>
      ),
    });

  const act = async (l: Learner, action: 'disable' | 'enable' | 'unlock' | 'reset' | 'approve' | 'reject') => {
    if (action === 'approve' || action === 'reject') {
      await decideRegistration(l.id, action);
      notifySuccess(
        t(action === 'approve' ? 'console.registration.approved' : 'console.registration.rejected', { name: l.name }),
      );
    } else if (action === 'reset') {
      const { password } = await resetPassword(l.id);
      showPassword(t('console.newPassword', { name: l.name, password }), password);
    } else {
      await learnerAction(l.id, action);
      notifySuccess(t('console.saved'));
    }
    refresh();
  };

  return (
    <section className="page console-page" data-testid="people-page">
      <h1>{t('console.people')}</h1>
      <div className="console-split">
        <Card size="small" title={t('console.departments')} className="console-side">
          <DepartmentTree
            departments={departments.data ?? []}
            selected={departmentId}
            onSelect={(id) => {
              setDepartmentId(id);
              setCurrent(1);
            }}
            onChanged={refresh}
          />
        </Card>
        <Card size="small" className="console-main">
          <Space wrap className="console-toolbar">
            <SearchBox
              allowClear
              placeholder={t('console.search')}
              onSearch={(v) => {
                setQ(v.trim());
                setCurrent(1);
              }}
              style={{ width: 300, maxWidth: '100%' }}
              data-testid="learner-search"
            />
            <Select
              aria-label={t('console.statusTitle')}
              allowClear
              placeholder={t('console.status.all')}
              style={{ width: 120 }}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setCurrent(1);
              }}
              options={(['active', 'disabled', 'locked', 'pending'] as const).map((s) => ({
                value: s,
                label: t(`console.status.${s}`),
              }))}
            />
            {departmentId && (
              <Checkbox checked={includeSub} onChange={(e) => setIncludeSub(e.target.checked)}>
                {t('console.includeSub')}
              </Checkbox>
            )}
            <Button type="primary" onClick={() => setAdding(true)} data-testid="learner-add">
              {t('console.addLearner')}
            </Button>
            <ImportDialog onImported={refresh} />
            <Button
              data-testid="learner-export"
              onClick={() => {
                const query = new URLSearchParams({
                  ...(departmentId ? { departmentId, includeSub: includeSub ? '1' : '0' } : {}),
                  ...(q ? { q } : {}),
                  ...(status ? { status } : {}),
                  ...(fullIds ? { full: '1' } : {}),
                });
                void downloadFile(
                  `/api/manage/learners/export?${query.toString()}`,
                  fullIdName('学员名单.xlsx', fullIds),
                );
                // whole ID numbers are asked for one sheet at a time: the next export is masked again
                setFullIds(false);
              }}
            >
              {t('console.export')}
            </Button>
            <Checkbox checked={fullIds} onChange={(e) => setFullIds(e.target.checked)}>
              {t('console.fullIds')}
            </Checkbox>
            <RegistrationSetting
              onShowPending={() => {
                setStatus('pending');
                setDepartmentId(undefined);
                setCurrent(1);
              }}
            />
          </Space>
          <Table<Learner>
            rowKey="id"
            size="small"
            loading={learners.isPending}
            dataSource={learners.data?.records ?? []}
            scroll={{ x: 900 }}
            pagination={pagination(learners.data?.total)}
            data-testid="learner-table"
            columns={[
              {
                title: t('console.name'),
                key: 'name',
                width: 120,
                // with his login (the search finds it too)
                render: (_: unknown, p: Learner) => (
                  <>
                    {p.name}
                    {p.account && <div className="report-sub">{p.account}</div>}
                  </>
                ),
              },
              { title: t('console.idCard'), dataIndex: 'idCard', width: 180, render: (v: string) => v || '—' },
              { title: t('console.phone'), dataIndex: 'phone', width: 120, render: (v: string | null) => v ?? '—' },
              {
                title: t('console.department'),
                dataIndex: 'departmentName',
                width: 120,
                render: (v: string | null) => v ?? '—',
              },
              { title: t('console.post'), dataIndex: 'post', width: 100, render: (v: string | null) => v ?? '—' },
              {
                title: t('console.statusTitle'),
                dataIndex: 'status',
                width: 90,
                render: (s: Learner['status']) => <Tag color={STATUS_COLOR[s]}>{t(`console.status.${s}`)}</Tag>,
              },
              {
                title: t('console.actions'),
                key: 'actions',
                width: 280,
                render: (_: unknown, l: Learner) =>
                  l.status === 'pending' ? (
                    <Space size={0} wrap>
                      <Button type="link" size="small" onClick={() => void act(l, 'approve')}>
                        {t('console.registration.approve')}
                      </Button>
                      <Popconfirm
                        title={t('console.registration.rejectConfirm', { name: l.name })}
                        onConfirm={() => act(l, 'reject')}
                      >
                        <Button type="link" size="small" danger>
                          {t('console.registration.reject')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ) : (
                    <Space size={0} wrap>
                      <Button type="link" size="small" onClick={() => setEditing(l)} data-testid="learner-edit">
                        {t('console.edit')}
                      </Button>
                      {l.status === 'disabled' ? (
                        <Button type="link" size="small" onClick={() => void act(l, 'enable')}>
                          {t('console.enable')}
                        </Button>
                      ) : (
                        <Popconfirm
                          title={t('console.disableConfirm', { name: l.name })}
                          onConfirm={() => act(l, 'disable')}
                        >
                          <Button type="link" size="small" danger>
                            {t('console.disable')}
                          </Button>
                        </Popconfirm>
                      )}
                      {l.status === 'locked' && (
                        <Button type="link" size="small" onClick={() => void act(l, 'unlock')}>
                          {t('console.unlock')}
                        </Button>
                      )}
                      <Popconfirm title={t('console.resetConfirm', { name: l.name })} onConfirm={() => act(l, 'reset')}>
                        <Button type="link" size="small">
                          {t('console.resetPassword')}
                        </Button>
                      </Popconfirm>
                      <Button type="link" size="small" onClick={() => setFaceOf(l)} data-testid="learner-face">
                        {t('console.face.action')}
                      </Button>
                      <Button type="link" size="small" onClick={() => setRecordOf(l)} data-testid="learner-open-record">
                        {t('console.reports.open')}
                      </Button>
                    </Space>
                  ),
              },
            ]}
          />
        </Card>
      </div>
      {faceOf && <FaceReferenceDialog learner={faceOf} onClose={() => setFaceOf(undefined)} />}
      <LearnerRecordDrawer personId={recordOf?.id} name={recordOf?.name} onClose={() => setRecordOf(undefined)} />
      {(adding || editing) && (
        <LearnerDialog
          learner={editing}
          departmentId={departmentId}
          departments={departments.data ?? []}
          onClose={() => {
            setAdding(false);
            setEditing(undefined);
          }}
          onSaved={(answer) => {
            setAdding(false);
            setEditing(undefined);
            if (answer.password)
              showPassword(
                t('console.createdWithPassword', { name: answer.learner.name, password: answer.password }),
                answer.password,
              );
            else notifySuccess(t('console.saved'));
            refresh();
          }}
        />
      )}
    </section>
  );
}

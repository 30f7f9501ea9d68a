import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Divider, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { SearchBox } from '../components/search-box';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  addOrganisationAdmin,
  consoleKeys,
  createOrganisation,
  editOrganisation,
  setOrganisationDisabled,
  uploadOrganisationLogo,
  useOrganisations,
  type ManagedOrganisation,
  type OrganisationCreated,
} from '../api/console-api';
import { FileButton } from '../components/file-button';
import { OrgAdminsDialog } from '../components/org-admins-dialog';
import { tablePager } from '../components/table-pager';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'admin'; org: ManagedOrganisation };

const FOOTER_FIELDS = ['footerCopyright', 'footerAddress', 'footerPhone', 'icpRecord', 'policeRecord'] as const;
const trimmed = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));

function AdminFields({ prefix }: { prefix?: string }) {
  const { t } = useTranslation();
  const name = (field: string) => (prefix ? [prefix, field] : field);
  return (
    <>
      <Form.Item name={name('name')} label={t('console.org.adminName')} rules={[{ required: true }]}>
        <Input maxLength={20} data-testid="org-admin-name" />
      </Form.Item>
      <Form.Item name={name('account')} label={t('console.account')} rules={[{ required: true }]}>
        <Input maxLength={32} data-testid="org-admin-account" />
      </Form.Item>
      <Form.Item name={name('phone')} label={t('console.phone')}>
        {/* room for 139 1234 5678 or +86 as people write it: made plain when sent */}
        <Input maxLength={24} inputMode="tel" />
      </Form.Item>
      <Form.Item name={name('password')} label={t('console.password')} extra={t('console.passwordHint')}>
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** 单位管理 (the platform operator): organisations with their logo and footer, and their training managers. */
export default function OrganisationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [current, setCurrent] = useState(1);
  const organisations = useOrganisations({ q: q || undefined, current });
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [adminsOf, setAdminsOf] = useState<ManagedOrganisation | undefined>();
  const [form] = Form.useForm();
  // the hook's dialogs are drawn inside the page's provider, in its theme (a static one is not)
  const [modal, modalHolder] = Modal.useModal();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.all });
  const showCreated = (r: OrganisationCreated, text = 'console.org.adminPassword'): void => {
    if (!r.password) return notifySuccess(t('console.saved'));
    // the hook's dialog is a thenable: not returned, or a promise chain would wait on its close
    void modal.success({
      title: t('console.saved'),
      // shown once: a copy button beside it
      content: (
        <Typography.Text data-testid="shown-password" copyable={{ text: r.password }}>
          {t(text, { account: r.account, password: r.password })}
        </Typography.Text>
      ),
    });
  };

  const submit = (values: Record<string, unknown>) => {
    if (!dialog) return;
    const done =
      dialog.kind === 'create'
        ? createOrganisation({
            ...trimmed(values),
            admin: trimmed((values.admin ?? {}) as Record<string, unknown>),
          }).then(showCreated)
        : dialog.kind === 'edit'
          ? editOrganisation(dialog.org.id, trimmed(values)).then(() => notifySuccess(t('console.saved')))
          : addOrganisationAdmin(dialog.org.id, trimmed(values)).then(showCreated);
    void done
      .then(() => {
        setDialog(undefined);
        refresh();
      })
      .catch(() => undefined);
  };

  const setDisabled = (org: ManagedOrganisation, disabled: boolean) =>
    setOrganisationDisabled(org.id, disabled)
      .then(() => {
        notifySuccess(t('console.saved'));
        refresh();
      })
      .catch(() => undefined);

  const uploadLogo = (org: ManagedOrganisation, file: File) => {
    void uploadOrganisationLogo(org.id, file)
      .then(() => {
        notifySuccess(t('console.saved'));
        refresh();
      })
      .catch(() => undefined);
  };

  return (
    <section className="page console-page" data-testid="organisations-page">
      {modalHolder}
      <h1>{t('console.organisations')}</h1>
      <Card size="small">
        <Space wrap className="console-toolbar">
          <SearchBox
            allowClear
            placeholder={t('console.org.search')}
            style={{ width: 240 }}
            onSearch={(v) => {
              setQ(v.trim());
              setCurrent(1);
            }}
          />
          <Button type="primary" onClick={() => setDialog({ kind: 'create' })} data-testid="org-create">
            {t('console.org.new')}
          </Button>
        </Space>
        <Table<ManagedOrganisation>
          rowKey="id"
          size="small"
          loading={organisations.isPending}
          dataSource={organisations.data?.records ?? []}
          scroll={{ x: 900 }}
          data-testid="org-table"
          pagination={tablePager(t, { pageSize: 20, current, total: organisations.data?.total, onChange: setCurrent })}
          columns={[
            {
              title: t('console.org.logo'),
              dataIndex: 'logoUrl',
              width: 70,
              render: (url: string | null, o: ManagedOrganisation) => (
                <Avatar shape="square" src={url ?? undefined}>
                  {o.name.slice(0, 1)}
                </Avatar>
              ),
            },
            { title: t('console.org.code'), dataIndex: 'code', width: 90 },
            {
              title: t('console.org.name'),
              dataIndex: 'name',
              width: 200,
              render: (name: string, o: ManagedOrganisation) => (
                <>
                  {name} {o.disabled && <Tag>{t('console.org.stopped')}</Tag>}
                </>
              ),
            },
            {
              title: t('console.org.admins'),
              dataIndex: 'admins',
              render: (admins: ManagedOrganisation['admins']) =>
                admins
                  .map(
                    (a) =>
                      `${a.name}（${a.account ?? '—'}）${a.status === 'active' ? '' : `[${t(`console.status.${a.status}`)}]`}`,
                  )
                  .join('、') || '—',
            },
            { title: t('console.org.learners'), dataIndex: 'learnerCount', width: 80 },
            { title: t('console.at'), dataIndex: 'createdAt', width: 140, render: (d: string) => formatDateTime(d) },
            {
              title: t('console.actions'),
              key: 'actions',
              width: 300,
              render: (_: unknown, o: ManagedOrganisation) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', org: o })}>
                    {t('console.edit')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setDialog({ kind: 'admin', org: o })}>
                    {t('console.org.addAdmin')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setAdminsOf(o)} data-testid="org-manage-admins">
                    {t('console.org.manageAdmins')}
                  </Button>
                  {o.disabled ? (
                    <Button type="link" size="small" onClick={() => void setDisabled(o, false)}>
                      {t('console.enable')}
                    </Button>
                  ) : (
                    <Popconfirm
                      title={t('console.org.stopConfirm', { name: o.name })}
                      onConfirm={() => setDisabled(o, true)}
                    >
                      <Button type="link" size="small" danger data-testid="org-stop">
                        {t('console.org.stop')}
                      </Button>
                    </Popconfirm>
                  )}
                  <FileButton
                    type="link"
                    size="small"
                    accept="image/jpeg,image/png,image/webp"
                    onFile={(file) => uploadLogo(o, file)}
                  >
                    {t('console.org.uploadLogo')}
                  </FileButton>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {adminsOf && (
        <OrgAdminsDialog
          org={adminsOf}
          onClose={() => setAdminsOf(undefined)}
          onChanged={refresh}
          onPassword={(answer) => showCreated(answer, 'console.org.adminNewPassword')}
        />
      )}
      <Modal
        open={dialog !== undefined}
        width={600}
        title={
          dialog?.kind === 'create'
            ? t('console.org.new')
            : dialog?.kind === 'edit'
              ? t('console.org.edit', { name: dialog.org.name })
              : dialog
                ? t('console.org.addAdminTo', { name: dialog.org.name })
                : ''
        }
        onCancel={() => setDialog(undefined)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          name="organisation"
          form={form}
          layout="vertical"
          preserve={false}
          clearOnDestroy
          initialValues={dialog?.kind === 'edit' ? dialog.org : {}}
          onFinish={submit}
        >
          {dialog?.kind === 'admin' ? (
            <AdminFields />
          ) : (
            <>
              {dialog?.kind === 'create' && (
                <Form.Item
                  name="code"
                  label={t('console.org.code')}
                  extra={t('console.org.codeHint')}
                  // said on the field as it is typed, not in a toast after 确定
                  rules={[{ required: true }, { pattern: /^[A-Za-z0-9_-]{2,32}$/, message: t('console.org.codeRule') }]}
                >
                  <Input maxLength={32} data-testid="org-code" />
                </Form.Item>
              )}
              <Form.Item name="name" label={t('console.org.name')} rules={[{ required: true }]}>
                <Input maxLength={60} data-testid="org-name" />
              </Form.Item>
              {FOOTER_FIELDS.map((field) => (
                <Form.Item key={field} name={field} label={t(`console.org.${field}`)}>
                  <Input maxLength={field === 'footerAddress' ? 200 : 100} />
                </Form.Item>
              ))}
              {dialog?.kind === 'create' && (
                <>
                  <Divider>{t('console.org.firstAdmin')}</Divider>
                  <AdminFields prefix="admin" />
                </>
              )}
            </>
          )}
        </Form>
      </Modal>
    </section>
  );
}

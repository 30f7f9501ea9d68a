import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { SearchBox } from '../components/search-box';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { fullIdName } from '../lib/full-id-name';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  reissueCertificate,
  revokeCertificate,
  useCertificates,
  type ManagedCertificate,
} from '../api/certificates-api';
import { tablePager } from '../components/table-pager';

type Action = { kind: 'revoke' | 'reissue'; cert: ManagedCertificate };

/** 证书管理: the organisation's certificates — found, revoked with a reason, reissued after a correction. */
export default function CertificatesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [q, setQ] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [current, setCurrent] = useState(1);
  const [action, setAction] = useState<Action>();
  const [form] = Form.useForm<{ reason: string }>();
  const certificates = useCertificates({ q, status, current });
  const [fullIds, setFullIds] = useState(false);
  /** the list as the page finds it, as a sheet; whole ID numbers asked for one sheet at a time */
  const exportSheet = () => {
    const params = new URLSearchParams(
      Object.entries({ q, status, full: fullIds ? '1' : undefined }).filter((e): e is [string, string] =>
        Boolean(e[1]),
      ),
    );
    void downloadFile(
      `/api/manage/certificates/export?${params.toString()}`,
      fullIdName(status === 'valid' ? '有效证书.xlsx' : '证书.xlsx', fullIds),
    );
    setFullIds(false);
  };

  const submit = ({ reason }: { reason: string }) => {
    if (!action) return;
    const done =
      action.kind === 'revoke' ? revokeCertificate(action.cert.id, reason) : reissueCertificate(action.cert.id, reason);
    void done
      .then((result) => {
        notifySuccess(
          'number' in result
            ? t('console.certificates.reissued', { number: result.number })
            : t('console.certificates.revokedDone'),
        );
        setAction(undefined);
        void client.invalidateQueries({ queryKey: ['console', 'certificates'] });
      })
      .catch(() => undefined);
  };

  return (
    <section className="page console-page" data-testid="certificates-page">
      <h1>{t('route.manageCertificates')}</h1>
      <Card size="small">
        <Space wrap className="console-toolbar">
          <SearchBox
            allowClear
            style={{ width: 240 }}
            placeholder={t('console.certificates.search')}
            onSearch={(v) => {
              setQ(v.trim() || undefined);
              setCurrent(1);
            }}
            data-testid="certificate-search"
          />
          <Select
            aria-label={t('console.statusTitle')}
            allowClear
            style={{ width: 120 }}
            placeholder={t('console.status.all')}
            value={status}
            onChange={(v?: string) => {
              setStatus(v);
              setCurrent(1);
            }}
            options={(['valid', 'revoked'] as const).map((s) => ({
              value: s,
              label: t(`console.certificates.status.${s}`),
            }))}
          />
          <Button onClick={exportSheet} data-testid="certificate-export">
            {t('console.certificates.export')}
          </Button>
          <Checkbox checked={fullIds} onChange={(e) => setFullIds(e.target.checked)}>
            {t('console.fullIds')}
          </Checkbox>
          <span className="console-hint">{t('console.certificates.hint')}</span>
        </Space>
        <Table<ManagedCertificate>
          rowKey="id"
          size="small"
          loading={certificates.isPending}
          dataSource={certificates.data?.records ?? []}
          scroll={{ x: 980 }}
          data-testid="certificate-table"
          pagination={tablePager(t, { pageSize: 20, current, total: certificates.data?.total, onChange: setCurrent })}
          columns={[
            {
              title: t('console.certificates.number'),
              dataIndex: 'number',
              width: 170,
              render: (n: string, c) => (
                <>
                  {n}
                  {c.formerNumbers.length > 0 && (
                    <div className="console-hint">
                      {t('console.certificates.former', { numbers: c.formerNumbers.join('、') })}
                    </div>
                  )}
                </>
              ),
            },
            {
              title: t('console.certificates.holder'),
              key: 'holder',
              width: 150,
              // which of two holders of one name
              render: (_: unknown, c: ManagedCertificate) => (
                <>
                  {c.holderName}
                  {c.holderIdCard && <div className="report-sub">{c.holderIdCard}</div>}
                </>
              ),
            },
            // a phone shows the first columns and the actions: who, and whether it stands
            {
              title: t('console.statusTitle'),
              dataIndex: 'status',
              width: 160,
              render: (s: ManagedCertificate['status'], c) =>
                s === 'valid' ? (
                  <Tag color="success">{t('console.certificates.status.valid')}</Tag>
                ) : c.withdrawn ? (
                  <span>
                    <Tag color="warning">{t('console.certificates.status.withdrawn')}</Tag>
                    <span className="console-hint">{t('console.certificates.withdrawnHint')}</span>
                  </span>
                ) : (
                  <span>
                    <Tag color="error">{t('console.certificates.status.revoked')}</Tag>
                    <span className="console-hint">{c.revokeReason}</span>
                  </span>
                ),
            },
            { title: t('console.certificates.class'), dataIndex: 'className', width: 200 },
            { title: t('console.requiredHours'), dataIndex: 'hours', width: 70 },
            { title: t('console.certificates.issuedAt'), dataIndex: 'issuedAt', width: 150, render: formatDateTime },
            {
              title: t('console.actions'),
              key: 'actions',
              width: 130,
              fixed: 'right',
              render: (_: unknown, c) =>
                (c.status === 'valid' || c.withdrawn) && (
                  <Space size={0}>
                    {c.status === 'valid' && (
                      <Button type="link" size="small" onClick={() => setAction({ kind: 'reissue', cert: c })}>
                        {t('console.certificates.reissue')}
                      </Button>
                    )}
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => setAction({ kind: 'revoke', cert: c })}
                      data-testid="certificate-revoke"
                    >
                      {t('console.certificates.revoke')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        open={Boolean(action)}
        title={
          action &&
          t(action.kind === 'revoke' ? 'console.certificates.revokeTitle' : 'console.certificates.reissueTitle', {
            number: action.cert.number,
          })
        }
        onCancel={() => setAction(undefined)}
        onOk={() => form.submit()}
        okButtonProps={{ danger: action?.kind === 'revoke' }}
        destroyOnHidden
      >
        <p className="console-hint">
          {action?.kind === 'revoke'
            ? t(action.cert.withdrawn ? 'console.certificates.revokeWithdrawnHint' : 'console.certificates.revokeHint')
            : t('console.certificates.reissueHint')}
        </p>
        <Form name="certificateRevoke" form={form} layout="vertical" preserve={false} clearOnDestroy onFinish={submit}>
          <Form.Item
            name="reason"
            label={t('console.certificates.reason')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={2} maxLength={200} data-testid="certificate-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}

import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Select, Space, Table, TreeSelect } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  consoleKeys,
  followUpEnquiry,
  learnerFromEnquiry,
  useDepartments,
  useEnquiries,
  type Enquiry,
} from '../api/console-api';
import { asSelect, toTree } from '../components/department-tree';
import { tablePager } from '../components/table-pager';

const STATUSES = ['new', 'contacted', 'enrolled', 'closed'] as const;

/** 报名咨询: what visitors left on the home page, followed up, and made learners in one step. */
export default function EnquiriesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [status, setStatus] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const enquiries = useEnquiries({ status, current });
  const departments = useDepartments();
  const [making, setMaking] = useState<Enquiry | undefined>();
  const [form] = Form.useForm();
  // the hook's dialogs are drawn inside the page's provider, in its theme (a static one is not)
  const [modal, modalHolder] = Modal.useModal();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.all });
  return (
    <section className="page console-page" data-testid="enquiries-page">
      {modalHolder}
      <h1>{t('console.enquiries')}</h1>
      <Card size="small">
        <Select
          aria-label={t('console.statusTitle')}
          allowClear
          className="console-toolbar"
          style={{ width: 160 }}
          placeholder={t('console.status.all')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setCurrent(1);
          }}
          options={STATUSES.map((s) => ({ value: s, label: t(`console.enquiry.${s}`) }))}
        />
        <Table<Enquiry>
          rowKey="id"
          size="small"
          loading={enquiries.isPending}
          dataSource={enquiries.data?.records ?? []}
          scroll={{ x: 1260 }}
          pagination={tablePager(t, { pageSize: 20, current, total: enquiries.data?.total, onChange: setCurrent })}
          columns={[
            { title: t('console.at'), dataIndex: 'createdAt', width: 140, render: (d: string) => formatDateTime(d) },
            { title: t('console.name'), dataIndex: 'name', width: 90 },
            { title: t('console.phone'), dataIndex: 'phone', width: 120 },
            { title: t('console.company'), dataIndex: 'orgName', width: 160 },
            {
              title: t('console.intendedCourse'),
              dataIndex: 'courseName',
              width: 140,
              render: (v: string) => v || '—',
            },
            {
              title: t('console.enquiryNote'),
              dataIndex: 'note',
              width: 160,
              render: (v: string) => v || '—',
            },
            {
              title: t('console.statusTitle'),
              dataIndex: 'status',
              width: 120,
              render: (s: Enquiry['status'], e: Enquiry) => (
                <Select
                  aria-label={t('console.statusTitle')}
                  size="small"
                  value={s}
                  style={{ width: 100 }}
                  onChange={(v) => void followUpEnquiry(e.id, { status: v }).then(refresh)}
                  options={STATUSES.map((x) => ({ value: x, label: t(`console.enquiry.${x}`) }))}
                />
              ),
            },
            {
              title: t('console.followUp'),
              dataIndex: 'followUp',
              width: 240,
              render: (v: string, e: Enquiry) => (
                <Input.Search
                  size="small"
                  defaultValue={v}
                  maxLength={500}
                  enterButton={t('console.saveShort')}
                  onSearch={(text) =>
                    void followUpEnquiry(e.id, { followUp: text }).then(() => notifySuccess(t('console.saved')))
                  }
                />
              ),
            },
            {
              title: t('console.actions'),
              key: 'make',
              width: 110,
              fixed: 'right',
              render: (_: unknown, e: Enquiry) =>
                e.personId ? (
                  t('console.enquiry.enrolled')
                ) : (
                  <Button size="small" type="link" onClick={() => setMaking(e)}>
                    {t('console.makeLearner')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        open={Boolean(making)}
        title={`${t('console.makeLearner')} · ${making?.name ?? ''} ${making?.phone ?? ''}`}
        onCancel={() => setMaking(undefined)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          name="enquiry"
          form={form}
          layout="vertical"
          preserve={false}
          clearOnDestroy
          onFinish={(values: { idCard: string; departmentId?: string; password?: string }) => {
            if (!making) return;
            void learnerFromEnquiry(making.id, {
              idCard: values.idCard,
              ...(values.departmentId ? { departmentId: values.departmentId } : {}),
              ...(values.password ? { password: values.password } : {}),
            })
              .then((r) => {
                setMaking(undefined);
                if (r.password) {
                  void modal.success({
                    content: t('console.createdWithPassword', { name: r.learner.name, password: r.password }),
                  });
                } else notifySuccess(t('console.saved'));
                refresh();
              })
              .catch(() => undefined);
          }}
        >
          {making?.phone && (
            <Alert
              type="warning"
              showIcon
              className="enquiry-phone-unchecked"
              data-testid="enquiry-phone-unchecked"
              message={t('console.enquiryPhoneUnchecked', { phone: making.phone })}
            />
          )}
          <Form.Item name="idCard" label={t('console.idCard')} rules={[{ required: true }]}>
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="departmentId" label={t('console.department')}>
            <Space.Compact block>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                style={{ width: '100%' }}
                treeData={toTree(departments.data ?? []).map(asSelect)}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item name="password" label={t('console.password')} extra={t('console.passwordHint')}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}

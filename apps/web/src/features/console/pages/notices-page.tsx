import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  consoleKeys,
  createAnnouncement,
  editAnnouncement,
  setAnnouncementWithdrawn,
  useAnnouncements,
  type Announcement,
} from '../api/console-api';
import { tablePager } from '../components/table-pager';
import { ClassPicker } from '../components/class-picker';

/** 通知公告: announcements for the whole organisation or one class, edited and withdrawn. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [status, setStatus] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const notices = useAnnouncements({ status, current });
  /** the announcement being edited; null: a new one; undefined: no dialog */
  const [editing, setEditing] = useState<Announcement | null | undefined>();
  const [form] = Form.useForm();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.all });

  const save = (values: { title: string; content: string; classId?: string }) => {
    const done = editing
      ? editAnnouncement(editing.id, { title: values.title, content: values.content })
      : createAnnouncement({ title: values.title, content: values.content, classId: values.classId ?? null });
    void done
      .then(() => {
        setEditing(undefined);
        notifySuccess(t(editing ? 'console.saved' : 'console.notice.published'));
        refresh();
      })
      .catch(() => undefined);
  };

  return (
    <section className="page console-page" data-testid="notices-page">
      <h1>{t('console.notices')}</h1>
      <Card size="small">
        <Space wrap className="console-toolbar">
          <Button type="primary" onClick={() => setEditing(null)} data-testid="notice-new">
            {t('console.notice.new')}
          </Button>
          <Select
            aria-label={t('console.statusTitle')}
            allowClear
            style={{ width: 140 }}
            placeholder={t('console.status.all')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setCurrent(1);
            }}
            options={(['published', 'withdrawn'] as const).map((s) => ({ value: s, label: t(`console.notice.${s}`) }))}
          />
        </Space>
        <Table<Announcement>
          rowKey="id"
          size="small"
          loading={notices.isPending}
          dataSource={notices.data?.records ?? []}
          scroll={{ x: 860 }}
          pagination={tablePager(t, { pageSize: 20, current, total: notices.data?.total, onChange: setCurrent })}
          data-testid="notice-table"
          columns={[
            { title: t('console.notice.title'), dataIndex: 'title', width: 200 },
            {
              title: t('console.notice.audience'),
              dataIndex: 'className',
              width: 160,
              render: (v: string | null) => v ?? t('console.notice.everyone'),
            },
            {
              title: t('console.notice.content'),
              dataIndex: 'content',
              ellipsis: true,
            },
            {
              title: t('console.statusTitle'),
              dataIndex: 'status',
              width: 90,
              render: (s: Announcement['status']) => (
                <Tag color={s === 'published' ? 'success' : 'default'}>{t(`console.notice.${s}`)}</Tag>
              ),
            },
            { title: t('console.at'), dataIndex: 'createdAt', width: 140, render: (d: string) => formatDateTime(d) },
            {
              title: t('console.actions'),
              key: 'actions',
              width: 140,
              render: (_: unknown, n: Announcement) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(n)}>
                    {t('console.edit')}
                  </Button>
                  {n.status === 'published' ? (
                    <Popconfirm
                      title={t('console.notice.withdrawConfirm')}
                      onConfirm={() => setAnnouncementWithdrawn(n.id, true).then(refresh)}
                    >
                      <Button type="link" size="small" danger>
                        {t('console.notice.withdraw')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void setAnnouncementWithdrawn(n.id, false).then(refresh)}
                    >
                      {t('console.notice.republish')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== undefined}
        title={t(editing ? 'console.notice.edit' : 'console.notice.new')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        okText={t(editing ? 'console.saveShort' : 'console.notice.publish')}
        destroyOnHidden
      >
        <Form
          name="notice"
          form={form}
          layout="vertical"
          preserve={false}
          clearOnDestroy
          initialValues={editing ? { title: editing.title, content: editing.content } : {}}
          onFinish={save}
        >
          <Form.Item
            name="title"
            label={t('console.notice.title')}
            rules={[{ required: true, whitespace: true, message: t('console.notice.titleRequired') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('console.notice.content')}
            rules={[{ required: true, whitespace: true, message: t('console.notice.contentRequired') }]}
          >
            <Input.TextArea rows={6} maxLength={2000} showCount />
          </Form.Item>
          {!editing && (
            <Form.Item name="classId" label={t('console.notice.audience')} extra={t('console.notice.audienceHint')}>
              <ClassPicker allowClear placeholder={t('console.notice.everyone')} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </section>
  );
}

import '../locales/console-texts';
import '../console.css';
import { WarningOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Role } from '@anxun/shared/constants';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useUser } from '../../../stores/user-store';
import {
  changeBookState,
  consoleKeys,
  createBook,
  editBook,
  uploadCover,
  useOwnBooks,
  type ManagedBook,
} from '../api/console-api';
import { FileButton } from '../components/file-button';
import { SharedBooksPanel } from '../components/shared-books-panel';
import { UnitsDrawer } from '../components/units-drawer';
import { rangeRule } from '../lib/range-rule';
import { tablePager } from '../components/table-pager';

const STATUS_COLOR = { draft: 'default', published: 'success', retired: 'warning' } as const;

/**
 * 课程管理: the organisation's own course books — drafts, published, retired — and the
 * platform's shared books it adds to its catalogue. The platform operator manages the shared
 * books themselves here (the server decides whose books a caller works on).
 */
export default function CoursesPage() {
  const { t, language } = useTranslation();
  const isOperator = useUser((u) => u.role) === Role.SUPER;
  const client = useQueryClient();
  const [status, setStatus] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const books = useOwnBooks({ status, current });
  /** the book being edited; null: a new one; undefined: no dialog */
  const [editing, setEditing] = useState<ManagedBook | null | undefined>();
  // the cover picked in the dialog, sent with 确定 (a new course's too: it has no id before)
  const [cover, setCover] = useState<{ file: File; url: string }>();
  const pickCover = (file: File | undefined) =>
    setCover((was) => {
      if (was) URL.revokeObjectURL(was.url);
      return file ? { file, url: URL.createObjectURL(file) } : undefined;
    });
  const closeDialog = () => {
    pickCover(undefined);
    setEditing(undefined);
  };
  const [form] = Form.useForm();
  /** the book whose units are open */
  const [unitsOf, setUnitsOf] = useState<ManagedBook>();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.all });
  const act = (b: ManagedBook, action: 'publish' | 'unpublish' | 'retire' | 'restore') =>
    changeBookState(b.courseBookId, action)
      .then(() => {
        notifySuccess(t('console.saved'));
        refresh();
      })
      .catch(() => undefined);

  const save = (values: {
    name: string;
    intro?: string;
    teachers?: string[];
    category?: string;
    classHours: number;
  }) => {
    const body = {
      ...values,
      intro: values.intro ?? '',
      teachers: values.teachers ?? [],
      category: values.category ?? '',
    };
    const picked = cover?.file;
    void (editing ? editBook(editing.courseBookId, body) : createBook(body))
      .then(async (book) => {
        // from here the dialog edits this course: 确定 again after a refused cover (its own
        // error says why) saves it again, and makes no second course
        setEditing(book);
        if (picked) await uploadCover(book.courseBookId, picked);
        closeDialog();
        notifySuccess(t('console.saved'));
        refresh();
      })
      .catch(() => refresh());
  };

  const ownBooks = (
    <Card size="small">
      <Space wrap className="console-toolbar">
        <Button type="primary" onClick={() => setEditing(null)} data-testid="course-new">
          {t('console.books.new')}
        </Button>
        <Select
          aria-label={t('console.statusTitle')}
          allowClear
          style={{ width: 130 }}
          placeholder={t('console.status.all')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setCurrent(1);
          }}
          options={(['draft', 'published', 'retired'] as const).map((s) => ({
            value: s,
            label: t(`console.books.status.${s}`),
          }))}
        />
        <span className="console-hint">{t(isOperator ? 'console.books.platformHint' : 'console.books.hint')}</span>
      </Space>
      <Table<ManagedBook>
        rowKey="courseBookId"
        size="small"
        loading={books.isPending}
        dataSource={books.data?.records ?? []}
        scroll={{ x: 1060 }}
        data-testid="course-table"
        pagination={tablePager(t, { pageSize: 20, current, total: books.data?.total, onChange: setCurrent })}
        columns={[
          { title: t('console.books.name'), dataIndex: 'name', width: 220 },
          {
            title: t('console.books.category'),
            dataIndex: 'category',
            width: 100,
            render: (v: string) => v || '—',
          },
          {
            title: t('console.requiredHours'),
            dataIndex: 'classHours',
            width: 80,
            // a draft's units too short for its 学时 (the default 2): said before 发布 refuses it
            render: (hours: number, b: ManagedBook) =>
              b.hoursShort && b.status !== 'retired' ? (
                <Tooltip title={b.hoursShort}>
                  <span className="hours-short" data-testid="course-hours-short">
                    {hours}
                    <WarningOutlined aria-label={b.hoursShort} />
                  </span>
                </Tooltip>
              ) : (
                hours
              ),
          },
          {
            title: t('console.statusTitle'),
            dataIndex: 'status',
            width: 80,
            render: (s: ManagedBook['status']) => <Tag color={STATUS_COLOR[s]}>{t(`console.books.status.${s}`)}</Tag>,
          },
          { title: t('console.books.units'), dataIndex: 'unitCount', width: 70 },
          {
            // what its 学时 may not exceed: a unit credits up to its length
            title: t('console.books.unitLength'),
            dataIndex: 'unitSeconds',
            width: 100,
            render: (s: number) => formatDuration(s, language),
          },
          { title: t('console.books.questions'), dataIndex: 'questionCount', width: 70 },
          { title: t('console.books.classes'), dataIndex: 'classCount', width: 70 },
          { title: t('console.at'), dataIndex: 'updatedAt', width: 140, render: (d: string) => formatDateTime(d) },
          {
            title: t('console.actions'),
            key: 'actions',
            width: 240,
            render: (_: unknown, b: ManagedBook) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setUnitsOf(b)} data-testid="course-units">
                  {t('console.units.manage')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(b)}>
                  {t('console.edit')}
                </Button>
                {b.status === 'draft' && (
                  <Button type="link" size="small" onClick={() => void act(b, 'publish')}>
                    {t('console.books.publish')}
                  </Button>
                )}
                {b.status === 'published' && b.classCount === 0 && (
                  <Button type="link" size="small" onClick={() => void act(b, 'unpublish')}>
                    {t('console.books.unpublish')}
                  </Button>
                )}
                {b.status === 'retired' ? (
                  <Button type="link" size="small" onClick={() => void act(b, 'restore')}>
                    {t('console.books.restore')}
                  </Button>
                ) : (
                  <Popconfirm title={t('console.books.retireConfirm')} onConfirm={() => act(b, 'retire')}>
                    <Button type="link" size="small" danger>
                      {t('console.books.retire')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );

  return (
    <section className="page console-page" data-testid="courses-page">
      <h1>{t(isOperator ? 'console.books.platformTitle' : 'console.books.title')}</h1>
      {isOperator ? (
        ownBooks
      ) : (
        <Tabs
          items={[
            { key: 'own', label: t('console.books.own'), children: ownBooks },
            {
              key: 'shared',
              label: <span data-testid="shared-books-tab">{t('console.books.shared')}</span>,
              children: (
                <Card size="small">
                  <SharedBooksPanel />
                </Card>
              ),
            },
          ]}
        />
      )}
      <UnitsDrawer book={unitsOf} onClose={() => setUnitsOf(undefined)} />
      <Modal
        open={editing !== undefined}
        title={editing ? t('console.books.edit', { name: editing.name }) : t('console.books.new')}
        onCancel={closeDialog}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          name="book"
          form={form}
          layout="vertical"
          preserve={false}
          clearOnDestroy
          initialValues={editing ?? { classHours: 2 }}
          onFinish={save}
        >
          <Form.Item name="name" label={t('console.books.name')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={60} data-testid="course-name" />
          </Form.Item>
          <Form.Item
            name="classHours"
            label={t('console.requiredHours')}
            rules={[rangeRule(0.05, 200), { required: true }]}
          >
            <InputNumber step={0.5} />
          </Form.Item>
          <Form.Item name="category" label={t('console.books.category')}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="teachers" label={t('console.books.teachers')} extra={t('console.books.teachersHint')}>
            <Select mode="tags" tokenSeparators={[',', '，', '、']} open={false} />
          </Form.Item>
          <Form.Item label={t('console.books.cover')} extra={t('console.books.coverHint')}>
            <Space align="center">
              {(cover?.url ?? editing?.coverUrl) && (
                <img
                  className="book-cover"
                  src={cover?.url ?? editing?.coverUrl ?? ''}
                  alt=""
                  data-testid="cover-preview"
                />
              )}
              <FileButton accept="image/png,image/jpeg,image/webp" testId="course-cover" onFile={pickCover}>
                {cover || editing?.coverUrl ? t('console.books.coverChange') : t('console.books.coverUpload')}
              </FileButton>
            </Space>
          </Form.Item>
          <Form.Item name="intro" label={t('console.books.intro')}>
            <Input.TextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}

import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TreeSelect,
} from 'antd';
import { useState } from 'react';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  consoleKeys,
  createClass,
  enrol,
  setClassClosed,
  useBooks,
  useClasses,
  useDepartments,
  useMembers,
  type ClassMember,
  type ManagedClass,
} from '../api/console-api';
import { asSelect, toTree } from '../components/department-tree';

interface ClassForm {
  name: string;
  teacher?: string;
  period?: [{ format(f: string): string }, { format(f: string): string }];
  bookIds: string[];
  faceEnabled: boolean;
  atStart: boolean;
  atEnd: boolean;
  randomEveryMinutes: number;
  examRequired: boolean;
  durationMinutes: number;
  totalScore: number;
  passScore: number;
  retakes: number;
}

function ClassDialog({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const books = useBooks();
  const [form] = Form.useForm<ClassForm>();
  return (
    <Modal
      open={open}
      width={640}
      title={t('console.newClass')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<ClassForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          faceEnabled: true,
          atStart: true,
          atEnd: true,
          randomEveryMinutes: 10,
          examRequired: true,
          durationMinutes: 120,
          totalScore: 100,
          passScore: 80,
          retakes: 1,
        }}
        onFinish={(v) => {
          void createClass({
            name: v.name,
            ...(v.teacher ? { teacher: v.teacher } : {}),
            ...(v.period
              ? { startDate: v.period[0].format('YYYY-MM-DD'), endDate: v.period[1].format('YYYY-MM-DD') }
              : {}),
            bookIds: v.bookIds,
            rules: {
              faceCheck: {
                enabled: v.faceEnabled,
                atStart: v.faceEnabled && v.atStart,
                atEnd: v.faceEnabled && v.atEnd,
                randomEveryMinutes: v.faceEnabled ? v.randomEveryMinutes : 0,
                windowSeconds: 120,
              },
              exam: {
                required: v.examRequired,
                durationMinutes: v.durationMinutes,
                totalScore: v.totalScore,
                passScore: v.passScore,
                retakes: v.retakes,
              },
            },
          })
            .then(() => {
              notifySuccess(t('console.saved'));
              onSaved();
            })
            .catch(() => undefined);
        }}
      >
        <Form.Item name="name" label={t('console.className')} rules={[{ required: true }]}>
          <Input maxLength={60} data-testid="class-name" />
        </Form.Item>
        <Form.Item name="teacher" label={t('console.teacher')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="period" label={t('console.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="bookIds" label={t('console.courses')} rules={[{ required: true }]}>
          <Select
            mode="multiple"
            data-testid="class-books"
            loading={books.isPending}
            options={(books.data?.records ?? []).map((b) => ({
              value: b.courseBookId,
              label: `${b.name}（${b.classHours} 学时）`,
            }))}
          />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="faceEnabled" label={t('console.faceCheck')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="atStart" label={t('console.atStart')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="atEnd" label={t('console.atEnd')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="randomEveryMinutes" label={t('console.randomEvery')}>
            <InputNumber min={0} max={15} />
          </Form.Item>
        </Space>
        <Form.Item name="examRequired" valuePropName="checked">
          <Checkbox>{t('console.examRequired')}</Checkbox>
        </Form.Item>
        <Space wrap>
          <Form.Item name="durationMinutes" label={t('console.examMinutes')}>
            <InputNumber min={5} max={600} />
          </Form.Item>
          <Form.Item name="totalScore" label={t('console.totalScore')}>
            <InputNumber min={10} max={1000} />
          </Form.Item>
          <Form.Item name="passScore" label={t('console.passScore')}>
            <InputNumber min={1} max={1000} />
          </Form.Item>
          <Form.Item name="retakes" label={t('console.retakes')}>
            <InputNumber min={0} max={20} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function EnrolDialog({ cls, onClose, onDone }: { cls: ManagedClass; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const departments = useDepartments();
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [includeSub, setIncludeSub] = useState(true);
  return (
    <Modal
      open
      title={t('console.enrolTitle', { name: cls.name })}
      onCancel={onClose}
      okButtonProps={{ disabled: departmentIds.length === 0 }}
      onOk={() =>
        void enrol(cls.id, { departmentIds, includeSub })
          .then((r) => {
            notifySuccess(t('console.enrolled', r));
            onDone();
          })
          .catch(() => undefined)
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>{t('console.enrolDepartments')}</span>
        <TreeSelect
          multiple
          treeDefaultExpandAll
          style={{ width: '100%' }}
          data-testid="enrol-departments"
          value={departmentIds}
          onChange={(v) => setDepartmentIds(v as string[])}
          treeData={toTree(departments.data ?? []).map(asSelect)}
        />
        <Checkbox checked={includeSub} onChange={(e) => setIncludeSub(e.target.checked)}>
          {t('console.includeSub')}
        </Checkbox>
      </Space>
    </Modal>
  );
}

function Members({ cls, onClose }: { cls: ManagedClass; onClose(): void }) {
  const { t, language } = useTranslation();
  const members = useMembers(cls.id);
  return (
    <Drawer open width={760} title={`${cls.name} · ${t('console.members')}`} onClose={onClose}>
      <Table<ClassMember>
        rowKey="trainPersonId"
        size="small"
        loading={members.isPending}
        dataSource={members.data?.records ?? []}
        data-testid="member-table"
        columns={[
          { title: t('console.name'), dataIndex: 'name' },
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
        ]}
      />
    </Drawer>
  );
}

/** 班级: the organisation's classes; create one, enrol departments, see the members' progress, close it. */
export default function ClassesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const classes = useClasses();
  const [creating, setCreating] = useState(false);
  const [enrolling, setEnrolling] = useState<ManagedClass | undefined>();
  const [viewing, setViewing] = useState<ManagedClass | undefined>();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.all });
  return (
    <section className="page console-page" data-testid="classes-page">
      <h2>{t('console.classes')}</h2>
      <Card size="small">
        <Space className="console-toolbar">
          <Button type="primary" onClick={() => setCreating(true)} data-testid="class-create">
            {t('console.newClass')}
          </Button>
        </Space>
        <Table<ManagedClass>
          rowKey="id"
          size="small"
          loading={classes.isPending}
          dataSource={classes.data?.records ?? []}
          scroll={{ x: 860 }}
          data-testid="class-table"
          columns={[
            { title: t('console.className'), dataIndex: 'name', width: 200 },
            { title: t('console.teacher'), dataIndex: 'teacher', width: 90, render: (v: string) => v || '—' },
            {
              title: t('console.period'),
              key: 'period',
              width: 190,
              render: (_: unknown, c: ManagedClass) => (c.startDate ? `${c.startDate} ~ ${c.endDate ?? ''}` : '—'),
            },
            {
              title: t('console.courses'),
              key: 'courses',
              render: (_: unknown, c: ManagedClass) => c.courses.map((x) => x.name).join('、'),
            },
            { title: t('console.requiredHours'), dataIndex: 'requiredHours', width: 70 },
            { title: t('console.memberCount'), dataIndex: 'memberCount', width: 70 },
            {
              title: t('console.statusTitle'),
              dataIndex: 'status',
              width: 80,
              render: (s: ManagedClass['status']) => (
                <Tag color={s === 'open' ? 'processing' : 'default'}>{t(`console.${s}`)}</Tag>
              ),
            },
            {
              title: t('console.actions'),
              key: 'actions',
              width: 200,
              render: (_: unknown, c: ManagedClass) => (
                <Space size={0} wrap>
                  {c.status === 'open' && (
                    <Button type="link" size="small" data-testid="class-enrol" onClick={() => setEnrolling(c)}>
                      {t('console.enrol')}
                    </Button>
                  )}
                  <Button type="link" size="small" onClick={() => setViewing(c)}>
                    {t('console.members')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void setClassClosed(c.id, c.status === 'open').then(refresh)}
                  >
                    {c.status === 'open' ? t('console.close') : t('console.reopen')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ClassDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
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
      {viewing && <Members cls={viewing} onClose={() => setViewing(undefined)} />}
    </section>
  );
}

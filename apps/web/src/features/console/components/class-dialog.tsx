import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { createClass, updateClass, type ManagedClass } from '../api/console-api';
import { rangeRule } from '../lib/range-rule';
import { BookPicker, bookLabel } from './book-picker';

interface ClassForm {
  name: string;
  teacher?: string;
  period?: [Dayjs, Dayjs] | undefined;
  bookIds: string[];
  faceEnabled: boolean;
  atStart: boolean;
  atEnd: boolean;
  beforeExam: boolean;
  randomEveryMinutes: number;
  examRequired: boolean;
  examAfterStudy: boolean;
  durationMinutes: number;
  totalScore: number;
  passScore: number;
  retakes: number;
  /** empty: the platform's cap */
  dailyCapHours?: number | null;
  /** empty: the organisation's retention */
  retentionYears?: number | null;
}

const DEFAULTS = {
  faceEnabled: true,
  atStart: true,
  atEnd: true,
  // a new class checks who sits its exams
  beforeExam: true,
  randomEveryMinutes: 10,
  examRequired: true,
  // a new class opens each exam once its course is studied
  examAfterStudy: true,
  durationMinutes: 120,
  totalScore: 100,
  passScore: 80,
  retakes: 1,
};

/** A class as the form shows it (editing starts from what the class holds). */
function formOf(cls: ManagedClass): Partial<ClassForm> {
  const { faceCheck, exam } = cls.rules;
  return {
    name: cls.name,
    teacher: cls.teacher,
    period: cls.startDate && cls.endDate ? [dayjs(cls.startDate), dayjs(cls.endDate)] : undefined,
    bookIds: cls.courses.map((c) => c.bookId),
    faceEnabled: faceCheck.enabled,
    atStart: faceCheck.atStart,
    atEnd: faceCheck.atEnd,
    beforeExam: faceCheck.beforeExam ?? false,
    randomEveryMinutes: faceCheck.randomEveryMinutes,
    examRequired: exam.required,
    examAfterStudy: exam.afterStudy,
    durationMinutes: exam.durationMinutes,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    retakes: exam.retakes,
    dailyCapHours: cls.rules.dailyCapHours,
    retentionYears: cls.retentionYears,
  };
}

/** 创建班级 / 编辑班级: name, period, teacher, ordered courses, face-check and exam rules. */
export function ClassDialog({
  open,
  cls,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the class to edit; absent: a new class */
  cls?: ManagedClass | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClassForm>();
  // a course added to a class whose learners hold certificates: theirs stand as issued
  const bookIds = Form.useWatch('bookIds', form) as string[] | undefined;
  const added = (bookIds ?? []).filter((id) => !(cls?.courses ?? []).some((c) => c.bookId === id));
  const certificatesStand = cls !== undefined && cls.certificateCount > 0 && added.length > 0;
  // the exam requirement changed for a class with learners: what it does to their courses
  const examRequired = Form.useWatch('examRequired', form) as boolean | undefined;
  const examChange =
    cls !== undefined && cls.memberCount > 0 && examRequired !== undefined && examRequired !== cls.rules.exam.required
      ? examRequired
        ? 'examNowRequired'
        : 'examNoLongerRequired'
      : undefined;
  return (
    <Modal
      open={open}
      width={640}
      title={cls ? t('console.editClass', { name: cls.name }) : t('console.newClass')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<ClassForm>
        name="class"
        form={form}
        layout="vertical"
        preserve={false}
        clearOnDestroy
        initialValues={cls ? formOf(cls) : DEFAULTS}
        onFinish={(v) => {
          const body = {
            name: v.name,
            ...(v.teacher !== undefined ? { teacher: v.teacher } : {}),
            ...(v.period
              ? { startDate: v.period[0].format('YYYY-MM-DD'), endDate: v.period[1].format('YYYY-MM-DD') }
              : cls
                ? { startDate: null, endDate: null }
                : {}),
            bookIds: v.bookIds,
            rules: {
              faceCheck: {
                enabled: v.faceEnabled,
                atStart: v.faceEnabled && v.atStart,
                atEnd: v.faceEnabled && v.atEnd,
                beforeExam: v.faceEnabled && v.beforeExam,
                randomEveryMinutes: v.faceEnabled ? v.randomEveryMinutes : 0,
                windowSeconds: 120,
              },
              exam: {
                required: v.examRequired,
                afterStudy: v.examAfterStudy,
                durationMinutes: v.durationMinutes,
                totalScore: v.totalScore,
                passScore: v.passScore,
                retakes: v.retakes,
              },
              dailyCapHours: v.dailyCapHours ?? null,
            },
            retentionYears: v.retentionYears ?? null,
          };
          void (cls ? updateClass(cls.id, body) : createClass(body))
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
        <Form.Item
          name="bookIds"
          label={t('console.courses')}
          rules={[{ required: true, message: t('console.coursesRequired') }]}
        >
          <BookPicker known={(cls?.courses ?? []).map((c) => ({ value: c.bookId, label: bookLabel(c) }))} />
        </Form.Item>
        {certificatesStand && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="class-certificates-stand"
            message={t('console.certificatesStand', { count: cls.certificateCount })}
          />
        )}
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
          <Form.Item name="beforeExam" label={t('console.beforeExam')} valuePropName="checked">
            <Switch data-testid="class-before-exam" />
          </Form.Item>
          <Form.Item name="randomEveryMinutes" label={t('console.randomEvery')} rules={[rangeRule(0, 15)]}>
            <InputNumber />
          </Form.Item>
        </Space>
        <Form.Item
          name="dailyCapHours"
          label={t('console.dailyCap')}
          extra={t('console.dailyCapHint')}
          rules={[rangeRule(0.5, 24)]}
        >
          <InputNumber step={0.5} data-testid="class-daily-cap" />
        </Form.Item>
        <Form.Item
          name="retentionYears"
          label={t('console.retentionYears')}
          extra={t('console.retentionYearsHint')}
          rules={[rangeRule(3, 30)]}
        >
          <InputNumber precision={0} data-testid="class-retention" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="examRequired" valuePropName="checked">
            <Checkbox>{t('console.examRequired')}</Checkbox>
          </Form.Item>
          <Form.Item name="examAfterStudy" valuePropName="checked">
            <Checkbox data-testid="class-exam-after-study">{t('console.examAfterStudy')}</Checkbox>
          </Form.Item>
        </Space>
        {examChange && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="class-exam-change"
            message={t(`console.${examChange}`, { count: cls?.memberCount ?? 0 })}
          />
        )}
        <Space wrap>
          <Form.Item name="durationMinutes" label={t('console.examMinutes')} rules={[rangeRule(5, 600)]}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="totalScore" label={t('console.totalScore')} rules={[rangeRule(10, 1000)]}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="passScore" label={t('console.passScore')} rules={[rangeRule(1, 1000)]}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="retakes" label={t('console.retakes')} rules={[rangeRule(0, 20)]}>
            <InputNumber />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

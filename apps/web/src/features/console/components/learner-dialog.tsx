import { Form, Input, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
import type { Department } from '@anxun/shared/schemas/departments';
import type { Learner } from '@anxun/shared/schemas/learners';
import { ApiError } from '../../../lib/api-client';
import { localiseNow, useTranslation } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { createLearner, updateLearner } from '../api/console-api';
import { asSelect, toTree } from './department-tree';

type Field = 'name' | 'idCard' | 'phone' | 'departmentId' | 'account' | 'password' | 'post';

/** The field a server's refusal is about, by what it says (身份证号…, 手机号…, 账号…). */
export function fieldOf(message: string): Field | undefined {
  // 账号… is about the account whatever it names next (账号不能是手机号或身份证号)
  if (/^该?账号/.test(message)) return 'account';
  if (message.includes('身份证')) return 'idCard';
  if (message.includes('手机号')) return 'phone';
  if (message.includes('账号')) return 'account';
  if (message.includes('密码')) return 'password';
  if (message.includes('姓名')) return 'name';
  if (message.includes('部门')) return 'departmentId';
  if (message.includes('岗位')) return 'post';
  return undefined;
}

/**
 * 添加学员 or, given a learner, 编辑学员 (name, phone, department, post: the ID number and the
 * account stay). A refusal is shown on the field it is about; one about no field, as a toast.
 */
export function LearnerDialog(props: {
  learner?: Learner | undefined;
  departmentId?: string | undefined;
  departments: Department[];
  onClose(): void;
  onSaved(answer: { learner: Learner; password?: string | null | undefined }): void;
}) {
  const { t } = useTranslation();
  const { learner } = props;
  const [form] = Form.useForm();
  const refused = (err: unknown) => {
    if (!(err instanceof ApiError)) return;
    const field = fieldOf(err.message);
    const shown = learner
      ? ['name', 'idCard', 'phone', 'departmentId', 'post']
      : ['name', 'idCard', 'phone', 'departmentId', 'account', 'password', 'post'];
    // under its field, in English when English is chosen and the text is known (as a toast is)
    if (field && shown.includes(field)) form.setFields([{ name: field, errors: [localiseNow(err.message)] }]);
    else notifyError(err.message);
  };
  const [saving, setSaving] = useState(false);
  const save = (values: Record<string, string | undefined>) => {
    if (saving) return;
    const done = () => setSaving(false);
    if (!learner) {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
      setSaving(true);
      return createLearner(body).then(props.onSaved, refused).finally(done);
    }
    // only what changed; a field emptied is cleared
    const before: Record<string, string | null> = {
      name: learner.name,
      phone: learner.phone,
      departmentId: learner.departmentId,
      post: learner.post,
    };
    const changed = Object.fromEntries(
      Object.entries(values)
        .map(([k, v]) => [k, v === undefined || v === '' ? null : v] as const)
        .filter(([k, v]) => (before[k] ?? null) !== v),
    );
    if (Object.keys(changed).length === 0) return props.onClose();
    setSaving(true);
    return updateLearner(learner.id, changed)
      .then((saved) => props.onSaved({ learner: saved }), refused)
      .finally(done);
  };
  return (
    <Modal
      open
      title={learner ? t('console.editLearner', { name: learner.name }) : t('console.addLearner')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        name="learner"
        form={form}
        layout="vertical"
        initialValues={
          learner
            ? {
                name: learner.name,
                phone: learner.phone ?? undefined,
                departmentId: learner.departmentId ?? undefined,
                post: learner.post ?? undefined,
              }
            : { departmentId: props.departmentId }
        }
        onFinish={(values: Record<string, string | undefined>) => void save(values)}
      >
        <Form.Item name="name" label={t('console.name')} rules={[{ required: true }]}>
          <Input maxLength={20} />
        </Form.Item>
        {learner ? (
          // left empty, the number stays; typed, it replaces one entered wrong (audited)
          <Form.Item name="idCard" label={t('console.idCard')} extra={t('console.idCardFix')}>
            <Input maxLength={18} placeholder={learner.idCard || undefined} autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item name="idCard" label={t('console.idCard')} rules={[{ required: true }]}>
            <Input maxLength={18} />
          </Form.Item>
        )}
        <Form.Item name="phone" label={t('console.phone')}>
          <Input maxLength={24} inputMode="tel" allowClear={Boolean(learner)} />
        </Form.Item>
        <Form.Item name="departmentId" label={t('console.department')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={toTree(props.departments).map(asSelect)} />
        </Form.Item>
        {!learner && (
          <>
            <Form.Item name="account" label={t('console.account')}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="password" label={t('console.password')} extra={t('console.passwordHint')}>
              <Input.Password maxLength={64} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="post" label={t('console.post')}>
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Msg } from '@anxun/shared/messages';
import { isName, isSmsMobile, plainMobile } from '@anxun/shared/validators';
import { Button, Form, Input, Modal, Result } from 'antd';
import { orgQuery } from '../api/course-requests';
import type { Contact } from '@anxun/shared/schemas/auth';
import type { IntendedPersonBody } from '@anxun/shared/schemas/training';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../stores/user-store';
import { useTranslation } from '../../../lib/i18n';

type Fields = Omit<IntendedPersonBody, 'OrgCode'>;

/** 报名咨询's form: loaded when the button is first pressed. */
export default function IntentFormDialog({
  courseName,
  open,
  setOpen,
}: {
  courseName: string | undefined;
  open: boolean;
  setOpen(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Fields>();
  const signedIn = Boolean(useUser((st) => st.token));
  // a signed-in learner's own name and phone are filled in (still editable)
  useEffect(() => {
    if (!open || !signedIn) return;
    api
      .get<Contact>('/api/user/contact', { silent: true })
      .then((c) => {
        if (!form.getFieldValue('name')) form.setFieldValue('name', c.name);
        if (!form.getFieldValue('phone') && c.phone) form.setFieldValue('phone', c.phone);
      })
      .catch(() => undefined);
  }, [open, signedIn, form]);
  return (
    <Modal
      open={open}
      title={t('intent.title')}
      onCancel={() => {
        setOpen(false);
        setDone(false);
      }}
      footer={null}
      destroyOnHidden
    >
      {done ? (
        <Result status="success" title={t('intent.thanks')} subTitle={t('intent.followUp')} data-testid="intent-done" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ courseName }}
          onFinish={(values) => {
            setBusy(true);
            const OrgCode = orgQuery();
            api
              .post('/api/train/intendedPerson/addNew-Intended', { json: { ...values, OrgCode } })
              .then(() => setDone(true))
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        >
          <Form.Item
            name="name"
            label={t('intent.name')}
            rules={[
              { required: true, message: Msg.NAME_REQUIRED },
              {
                validator: (_, v) =>
                  !v || isName(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(Msg.NAME_INVALID)),
              },
            ]}
          >
            <Input maxLength={20} data-testid="intent-name" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('intent.phone')}
            rules={[
              { required: true, message: Msg.MOBILE_REQUIRED },
              {
                validator: (_, v) =>
                  !v || isSmsMobile(plainMobile(String(v)))
                    ? Promise.resolve()
                    : Promise.reject(new Error(Msg.MOBILE_INVALID)),
              },
            ]}
          >
            <Input inputMode="tel" maxLength={24} data-testid="intent-phone" />
          </Form.Item>
          <Form.Item
            name="orgName"
            label={t('intent.org')}
            rules={[{ required: true, message: t('intent.orgRequired') }]}
          >
            <Input maxLength={100} data-testid="intent-org" />
          </Form.Item>
          <Form.Item name="courseName" label={t('intent.course')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="note" label={t('intent.note')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block data-testid="intent-submit">
            {t('intent.submit')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

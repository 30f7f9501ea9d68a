import { PASSWORD_MIN_LENGTH } from '@anxun/shared/constants';
import { Msg } from '@anxun/shared/messages';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { changePassword } from '../api/account-api';

interface Fields {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 修改密码: the current password, then the new one twice. */
export function PasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t('account.password')} className="account-card">
      <Form
        form={form}
        layout="vertical"
        className="account-form"
        data-testid="password-form"
        onFinish={(values) => {
          setBusy(true);
          changePassword(values.oldPassword, values.newPassword)
            .then(() => {
              form.resetFields();
              notifySuccess(t('account.passwordSaved'));
            })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Form.Item
          name="oldPassword"
          label={t('account.oldPassword')}
          rules={[{ required: true, message: Msg.PASSWORD_REQUIRED }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.newPassword')}
          rules={[
            { required: true, message: Msg.PASSWORD_REQUIRED },
            { min: PASSWORD_MIN_LENGTH, message: Msg.PASSWORD_TOO_SHORT },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('account.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: Msg.PASSWORD_REQUIRED },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('newPassword') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('account.save')}
        </Button>
      </Form>
    </Card>
  );
}

import { Msg } from '@anxun/shared/messages';
import { isSmsMobile } from '@anxun/shared/validators';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useCountdown } from '../../../lib/use-countdown';
import { accountKeys, changePhone, sendCode } from '../api/account-api';

/** 更换手机号: a code to the new number proves it is the learner's. */
export function PhoneCard({ current }: { current: string | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ telPhoto: string; checkCode: string }>();
  const [left, startCountdown] = useCountdown();
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t('account.phoneTitle')} className="account-card">
      <p>
        {t('account.currentPhone')}
        {t('punct.colon')}
        <strong data-testid="current-phone">{current || '—'}</strong>
      </p>
      <Form
        form={form}
        layout="vertical"
        className="account-form"
        onFinish={(values) => {
          setBusy(true);
          changePhone(values.telPhoto.trim(), values.checkCode.trim())
            .then(() => {
              form.resetFields();
              void client.invalidateQueries({ queryKey: accountKeys.profile });
              notifySuccess(t('account.phoneSaved'));
            })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Form.Item
          name="telPhoto"
          label={t('account.newPhone')}
          rules={[
            { required: true, message: Msg.MOBILE_REQUIRED },
            {
              validator: (_, v) =>
                !v || isSmsMobile(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(Msg.MOBILE_INVALID)),
            },
          ]}
        >
          <Input inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item label={t('register.checkCode')} required>
          <Space.Compact block>
            <Form.Item name="checkCode" noStyle rules={[{ required: true, message: Msg.SMS_CODE_REQUIRED }]}>
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button
              disabled={left > 0}
              onClick={() => {
                void form.validateFields(['telPhoto']).then(({ telPhoto }) =>
                  sendCode(telPhoto.trim()).then((r) => {
                    startCountdown(r.resendAfter);
                    notifySuccess(t('login.codeSent'));
                  }),
                );
              }}
            >
              {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('account.save')}
        </Button>
      </Form>
    </Card>
  );
}

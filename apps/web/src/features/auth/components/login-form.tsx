import { CHECK_CODE_RESEND_SECONDS } from '@anxun/shared/constants';
import { Msg } from '@anxun/shared/messages';
import { accountLoginForm, phoneLoginForm } from '@anxun/shared/schemas/auth';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUser } from '../../../stores/user-store';
import { sendCheckCode } from '../api/auth-api';
import { useCountdown } from './use-countdown';
import { zodRule } from './zod-rule';

type Mode = 'account' | 'phone';

interface Props {
  onSuccess(): void;
  onRegister(): void;
}

/** Both login modes of spec §2/§5: account + password, phone + check code. */
export function LoginForm({ onSuccess, onRegister }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('account');
  const [loading, setLoading] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const [form] = Form.useForm();
  const loginWithPassword = useUser((s) => s.loginWithPassword);
  const loginWithCheckCode = useUser((s) => s.loginWithCheckCode);

  const submit = async (values: Record<string, string>) => {
    setLoading(true);
    try {
      if (mode === 'account') await loginWithPassword(values.username!.trim(), values.password!);
      else await loginWithCheckCode(values.telPhoto!.trim(), values.checkCode!.trim());
      onSuccess();
    } catch {
      // the API client has shown the server's message
    } finally {
      setLoading(false);
    }
  };

  const send = async () => {
    const tel = String(form.getFieldValue('telPhoto') ?? '').trim();
    if (!tel) {
      notifyError(Msg.MOBILE_REQUIRED);
      return;
    }
    try {
      await form.validateFields(['telPhoto']);
    } catch {
      return;
    }
    try {
      const res = await sendCheckCode(tel);
      notifySuccess(t('login.codeSent'));
      startCountdown(res.resendAfter || CHECK_CODE_RESEND_SECONDS);
    } catch {
      // toast already shown
    }
  };

  const switchTo = (next: Mode) => {
    form.resetFields();
    setMode(next);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      onFinish={submit}
      validateTrigger="onBlur"
      data-testid={`login-${mode}`}
    >
      {mode === 'account' ? (
        <>
          <Form.Item name="username" rules={[zodRule(accountLoginForm.shape.username)]}>
            <Input placeholder={t('login.username')} autoComplete="username" aria-label={t('login.username')} />
          </Form.Item>
          <Form.Item name="password" rules={[zodRule(accountLoginForm.shape.password)]}>
            <Input.Password
              placeholder={t('login.password')}
              autoComplete="current-password"
              aria-label={t('login.password')}
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="telPhoto" rules={[zodRule(phoneLoginForm.shape.telPhoto)]}>
            <Input placeholder={t('login.tel')} autoComplete="tel" inputMode="tel" aria-label={t('login.tel')} />
          </Form.Item>
          <Form.Item>
            <div className="code-row">
              <Form.Item name="checkCode" noStyle rules={[zodRule(phoneLoginForm.shape.checkCode)]}>
                <Input
                  placeholder={t('login.checkCode')}
                  inputMode="numeric"
                  maxLength={6}
                  aria-label={t('login.checkCode')}
                />
              </Form.Item>
              {countdown > 0 ? (
                <Button disabled>{t('login.resendIn', { seconds: countdown })}</Button>
              ) : (
                <Button onClick={send}>{t('login.sendCode')}</Button>
              )}
            </div>
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('login.submit')}
      </Button>
      <div className="login-links">
        <Button type="link" onClick={() => switchTo(mode === 'account' ? 'phone' : 'account')}>
          {mode === 'account' ? t('login.toPhone') : t('login.toAccount')}
        </Button>
        <Button type="link" onClick={onRegister}>
          {t('login.register')}
        </Button>
      </div>
    </Form>
  );
}

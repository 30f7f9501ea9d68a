import { DEFAULT_ORG_CODE } from '@anxun/shared/constants';
import { Msg } from '@anxun/shared/messages';
import type { RegisterForm } from '@anxun/shared/schemas/auth';
import { isSmsMobile } from '@anxun/shared/validators';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { registerLearner, sendCheckCode } from '../api/auth-api';
import { useCountdown } from '../../../lib/use-countdown';
import { registerRules } from '../components/form-rules';
import { LoginBrand, type LoginState } from './login-page';
import { retryWait } from '../../../lib/api-client';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterForm>();
  const [loading, setLoading] = useState(false);
  const [countdown, startCountdown] = useCountdown();

  const send = async () => {
    const phone = String(form.getFieldValue('phone') ?? '').trim();
    if (!phone) return notifyError(Msg.MOBILE_REQUIRED);
    if (!isSmsMobile(phone)) return notifyError(Msg.MOBILE_INVALID);
    try {
      const res = await sendCheckCode(phone, 'register');
      notifySuccess(t('login.codeSent'));
      startCountdown(res.resendAfter);
    } catch (err) {
      // the toast says why; a wait the server named is counted down on the button
      const wait = retryWait(err);
      if (wait) startCountdown(wait);
    }
  };

  const submit = async (values: RegisterForm) => {
    setLoading(true);
    try {
      const { pending } = await registerLearner(values);
      // the login page with his phone filled in (it is his account; his ID number is too), and
      // what to do next said there until he leaves it, not in a toast gone in three seconds
      const registered: LoginState['registered'] = pending ? 'pending' : 'done';
      navigate('/login', { replace: true, state: { username: values.phone.trim(), registered } satisfies LoginState });
    } catch {
      // toast shown
    } finally {
      setLoading(false);
    }
  };

  return (
    <main className="auth-page">
      <LoginBrand />
      <div className="auth-card">
        <h1 className="auth-title">{t('register.title')}</h1>
        <Form
          form={form}
          layout="vertical"
          size="large"
          validateTrigger={['onBlur', 'onChange']}
          onFinish={submit}
          initialValues={{ orgCode: params.get('OrgCode') ?? DEFAULT_ORG_CODE }}
        >
          <Form.Item name="orgCode" label={t('register.orgCode')} rules={registerRules.orgCode} required>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('register.name')} rules={registerRules.name} required>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="idCard" label={t('register.idCard')} rules={registerRules.idCard} required>
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="phone" label={t('register.phone')} rules={registerRules.phone} required>
            <Input inputMode="tel" autoComplete="tel" maxLength={11} />
          </Form.Item>
          <Form.Item label={t('register.checkCode')} required>
            <div className="code-row">
              <Form.Item name="checkCode" noStyle rules={registerRules.checkCode}>
                <Input inputMode="numeric" maxLength={6} aria-label={t('register.checkCode')} />
              </Form.Item>
              {countdown > 0 ? (
                <Button disabled>{t('login.resendIn', { seconds: countdown })}</Button>
              ) : (
                <Button onClick={send}>{t('login.sendCode')}</Button>
              )}
            </div>
          </Form.Item>
          <Form.Item name="password" label={t('register.password')} rules={registerRules.password} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            {t('register.submit')}
          </Button>
          <div className="login-links">
            <Link to="/login">{t('register.toLogin')}</Link>
          </div>
        </Form>
      </div>
    </main>
  );
}

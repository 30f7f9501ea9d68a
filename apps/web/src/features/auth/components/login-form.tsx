import { CHECK_CODE_RESEND_SECONDS } from '@anxun/shared/constants';
import { Msg } from '@anxun/shared/messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PasswordInput } from '../../../components/password-input';
import { localiseText, useTranslation } from '../../../lib/i18n';
import { ApiError, retryWait } from '../../../lib/api-client';
import { clearNotices, notifyError, notifySuccess } from '../../../lib/notify';
import { useUser } from '../../../stores/user-store';
import { sendCheckCode } from '../api/auth-api';
import { loginChecks, type LoginField } from './login-checks';
import { useCountdown } from '../../../lib/use-countdown';
import '../../../components/plain-controls.css';

type Mode = 'account' | 'phone';

interface Props {
  onSuccess(): void;
  onRegister(): void;
  /** the account field takes the focus as the form appears (a dialog opened to log in) */
  autoFocus?: boolean;
  /** the account field filled in (the phone just registered with) */
  username?: string;
}

const MODE_KEY = 'anxun-login-mode';

function savedMode(): Mode {
  try {
    return localStorage.getItem(MODE_KEY) === 'phone' ? 'phone' : 'account';
  } catch {
    return 'account';
  }
}

const FIELDS: Record<Mode, LoginField[]> = {
  account: ['username', 'password'],
  phone: ['telPhoto', 'checkCode'],
};

function Field({ error, children }: { error: string | undefined; children: ReactNode }) {
  const { language } = useTranslation();
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      {children}
      <div className="login-field-error" role="alert">
        {error && localiseText(language, error)}
      </div>
    </div>
  );
}

/**
 * Both login modes of spec §2/§5, drawn with plain elements: the login page is the first
 * thing every learner downloads, and antd (its inputs, buttons and their run-time styles)
 * would be a third of its bytes and half of a phone's work to show it.
 * Fields are checked on blur (trimmed) and all again on submit, with the §5 texts.
 */
export function LoginForm({ onSuccess, onRegister, autoFocus = false, username = '' }: Props) {
  const { t } = useTranslation();
  // the way he logged in last on this browser (a learner with a phone keeps to codes), unless a
  // name is given to fill in
  const [mode, setMode] = useState<Mode>(() => (username ? 'account' : savedMode()));
  const [values, setValues] = useState<Record<LoginField, string>>({
    username,
    password: '',
    telPhoto: '',
    checkCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [loading, setLoading] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const loginWithPassword = useUser((s) => s.loginWithPassword);
  const loginWithCheckCode = useUser((s) => s.loginWithCheckCode);

  const validate = (field: LoginField): boolean => {
    const error = loginChecks[field](values[field]);
    setErrors((e) => ({ ...e, [field]: error }));
    return !error;
  };
  const bind = (field: LoginField) => ({
    value: values[field],
    className: 'plain-input',
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => validate(field),
    'aria-invalid': Boolean(errors[field]),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // a second press while the first is on its way does nothing (the button keeps its focus)
    if (loading) return;
    const valid = FIELDS[mode].map(validate).every(Boolean);
    if (!valid) return;
    setLoading(true);
    try {
      if (mode === 'account') await loginWithPassword(values.username.trim(), values.password);
      else await loginWithCheckCode(values.telPhoto.trim(), values.checkCode.trim());
      clearNotices();
      onSuccess();
    } catch (err) {
      // The API client has shown the server's message; anything else is shown here.
      if (!(err instanceof ApiError)) notifyError(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  };

  const send = async () => {
    const tel = values.telPhoto.trim();
    if (!tel) {
      notifyError(Msg.MOBILE_REQUIRED);
      return;
    }
    if (!validate('telPhoto')) return;
    try {
      const res = await sendCheckCode(tel);
      notifySuccess(t('login.codeSent'));
      startCountdown(res.resendAfter || CHECK_CODE_RESEND_SECONDS);
    } catch (err) {
      // the toast says why; a wait the server named is counted down on the button
      const wait = retryWait(err);
      if (wait) startCountdown(wait);
    }
  };

  const switchTo = (next: Mode) => {
    setErrors({});
    setMode(next);
    try {
      localStorage.setItem(MODE_KEY, next);
    } catch {
      // storage refused: the mode holds for this visit only
    }
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid={`login-${mode}`}>
      {mode === 'account' ? (
        <>
          <Field error={errors.username}>
            <input
              placeholder={t('login.username')}
              autoComplete="username"
              aria-label={t('login.username')}
              autoFocus={autoFocus}
              {...bind('username')}
            />
          </Field>
          <Field error={errors.password}>
            <PasswordInput
              placeholder={t('login.password')}
              autoComplete="current-password"
              aria-label={t('login.password')}
              {...bind('password')}
            />
          </Field>
        </>
      ) : (
        <>
          <Field error={errors.telPhoto}>
            <input
              placeholder={t('login.tel')}
              autoComplete="tel"
              inputMode="tel"
              aria-label={t('login.tel')}
              {...bind('telPhoto')}
            />
          </Field>
          <Field error={errors.checkCode}>
            <div className="code-row">
              <input
                placeholder={t('login.checkCode')}
                inputMode="numeric"
                maxLength={6}
                aria-label={t('login.checkCode')}
                {...bind('checkCode')}
              />
              <button type="button" className="plain-btn" disabled={countdown > 0} onClick={() => void send()}>
                {countdown > 0 ? t('login.resendIn', { seconds: countdown }) : t('login.sendCode')}
              </button>
            </div>
          </Field>
        </>
      )}
      <button
        type="submit"
        className={`plain-btn primary block${loading ? ' loading' : ''}`}
        aria-busy={loading}
        data-testid="login-submit"
      >
        {t('login.submit')}
      </button>
      <div className="login-links">
        <button type="button" className="plain-link" onClick={() => switchTo(mode === 'account' ? 'phone' : 'account')}>
          {mode === 'account' ? t('login.toPhone') : t('login.toAccount')}
        </button>
        <button type="button" className="plain-link" onClick={onRegister}>
          {t('login.register')}
        </button>
      </div>
    </form>
  );
}

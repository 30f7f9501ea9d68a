import { CHECK_CODE_RESEND_SECONDS } from '@anxun/shared/constants';
import { Msg } from '@anxun/shared/messages';
import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { localiseText, useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
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

/** A password box with a button that shows or hides what was typed. */
function PasswordInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="plain-affix">
      <input {...props} type={shown ? 'text' : 'password'} className="plain-input" />
      <button
        type="button"
        className="plain-eye"
        aria-label={t('login.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown((v) => !v)}
      >
        <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
          <path d={shown ? EYE : EYE_INVISIBLE} />
        </svg>
      </button>
    </span>
  );
}
// antd's eye icons (outlined)
const EYE =
  'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z';
const EYE_INVISIBLE =
  'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512zM508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z';

/**
 * Both login modes of spec §2/§5, drawn with plain elements: the login page is the first
 * thing every learner downloads, and antd (its inputs, buttons and their run-time styles)
 * would be a third of its bytes and half of a phone's work to show it.
 * Fields are checked on blur (trimmed) and all again on submit, with the §5 texts.
 */
export function LoginForm({ onSuccess, onRegister }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('account');
  const [values, setValues] = useState<Record<LoginField, string>>({
    username: '',
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
    } catch {
      // toast already shown
    }
  };

  const switchTo = (next: Mode) => {
    setErrors({});
    setMode(next);
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

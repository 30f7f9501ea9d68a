import { PlainField } from '../../../components/plain-field';
import { retryWait } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useCountdown } from '../../../lib/use-countdown';

/**
 * A check code's field with its 获取验证码 button (更换手机号, 修改密码 by code): `send` asks
 * for one (false: not sent, the form said why); the button counts down the wait before the
 * next, the server's when it refused one as too soon.
 */
export function CodeField({
  label,
  error,
  send,
  testId,
  input,
}: {
  label: string;
  error: string | undefined;
  send: () => Promise<{ resendAfter: number }> | false;
  testId: string;
  input: {
    value: string;
    onChange(e: { target: { value: string } }): void;
    onBlur(): void;
    'aria-invalid': boolean;
  };
}) {
  const { t } = useTranslation();
  const [left, startCountdown] = useCountdown();
  const ask = () => {
    const sending = send();
    if (!sending) return;
    void sending
      .then((r) => {
        startCountdown(r.resendAfter);
        notifySuccess(t('login.codeSent'));
      })
      .catch((err: unknown) => {
        // the toast says why; a wait the server named is counted down on the button
        const wait = retryWait(err);
        if (wait) startCountdown(wait);
      });
  };
  return (
    <PlainField
      label={label}
      error={error}
      action={
        <button type="button" className="plain-btn" disabled={left > 0} data-testid={testId} onClick={ask}>
          {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
        </button>
      }
    >
      <input className="plain-input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...input} />
    </PlainField>
  );
}

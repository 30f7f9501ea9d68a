import { Msg } from '@anxun/shared/messages';
import { ownPasswordProblem } from '@anxun/shared/validators';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '../../../components/password-input';
import { PlainField } from '../../../components/plain-field';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useFieldChecks } from '../../../lib/use-field-checks';
import { changePassword, passwordByCode, sendOwnPhoneCode } from '../api/account-api';
import { CodeField } from './code-field';

/**
 * 修改密码: the current password, then the new one twice — or, for a learner who has none
 * (imported without one, he logs in by SMS code) or forgot it, a code sent to his own phone
 * (`phone`, masked) instead of the current one. Plain form (个人中心 loads no antd).
 */
export function PasswordCard({
  phone,
  title,
  oldPasswordLabel,
  savedText,
  onSaved,
}: {
  phone?: string | undefined;
  /** the card's heading and words, where it asks for a first password of his own */
  title?: string;
  oldPasswordLabel?: string;
  savedText?: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const [byCode, setByCode] = useState(false);
  const form = useFieldChecks({
    oldPassword: (v) => (byCode || v ? undefined : Msg.PASSWORD_REQUIRED),
    checkCode: (v) => (!byCode || v.trim() ? undefined : Msg.SMS_CODE_REQUIRED),
    // trimmed as the server takes it
    newPassword: (v) => (!v ? Msg.PASSWORD_REQUIRED : ownPasswordProblem(v.trim(), Msg.PASSWORD_TOO_SHORT)),
    confirm: (v, all) =>
      !v ? Msg.PASSWORD_REQUIRED : v !== all.newPassword ? t('account.passwordMismatch') : undefined,
  });
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.checkAll()) return;
    setBusy(true);
    (byCode
      ? passwordByCode(form.values.checkCode.trim(), form.values.newPassword)
      : changePassword(form.values.oldPassword, form.values.newPassword)
    )
      .then(() => {
        form.reset();
        setByCode(false);
        notifySuccess(savedText ?? t('account.passwordSaved'));
        onSaved?.();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <div className="account-card plain-panel">
      <h2 className="account-card-title">{title ?? t('account.password')}</h2>
      <form className="account-form" data-testid="password-form" noValidate onSubmit={submit}>
        {byCode ? (
          <CodeField
            label={t('account.codeTo', { phone: phone ?? '' })}
            error={form.errors.checkCode}
            testId="password-send-code"
            send={sendOwnPhoneCode}
            input={form.bind('checkCode')}
          />
        ) : (
          <PlainField label={oldPasswordLabel ?? t('account.oldPassword')} error={form.errors.oldPassword}>
            <PasswordInput autoComplete="current-password" {...form.bind('oldPassword')} />
          </PlainField>
        )}
        <PlainField label={t('account.newPassword')} error={form.errors.newPassword}>
          <PasswordInput autoComplete="new-password" {...form.bind('newPassword')} />
        </PlainField>
        <PlainField label={t('account.confirmPassword')} error={form.errors.confirm}>
          <PasswordInput autoComplete="new-password" {...form.bind('confirm')} />
        </PlainField>
        <button type="submit" className={`plain-btn primary${busy ? ' loading' : ''}`} aria-busy={busy}>
          {t('account.save')}
        </button>
        {phone && (
          <button
            type="button"
            className="plain-link account-mode"
            data-testid="password-mode"
            onClick={() => {
              form.reset();
              setByCode(!byCode);
            }}
          >
            {byCode ? t('account.byOldPassword') : t('account.byCode')}
          </button>
        )}
      </form>
    </div>
  );
}

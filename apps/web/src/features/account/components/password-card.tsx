import { PASSWORD_MIN_LENGTH } from '@anxun/shared/constants';
import { Msg } from '@anxun/shared/messages';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '../../../components/password-input';
import { PlainField } from '../../../components/plain-field';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useFieldChecks } from '../../../lib/use-field-checks';
import { changePassword } from '../api/account-api';

/** 修改密码: the current password, then the new one twice. Plain form (个人中心 loads no antd). */
export function PasswordCard() {
  const { t } = useTranslation();
  const form = useFieldChecks({
    oldPassword: (v) => (v ? undefined : Msg.PASSWORD_REQUIRED),
    newPassword: (v) =>
      !v ? Msg.PASSWORD_REQUIRED : v.length < PASSWORD_MIN_LENGTH ? Msg.PASSWORD_TOO_SHORT : undefined,
    confirm: (v, all) =>
      !v ? Msg.PASSWORD_REQUIRED : v !== all.newPassword ? t('account.passwordMismatch') : undefined,
  });
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.checkAll()) return;
    setBusy(true);
    changePassword(form.values.oldPassword, form.values.newPassword)
      .then(() => {
        form.reset();
        notifySuccess(t('account.passwordSaved'));
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <div className="account-card plain-panel">
      <h2 className="account-card-title">{t('account.password')}</h2>
      <form className="account-form" data-testid="password-form" noValidate onSubmit={submit}>
        <PlainField label={t('account.oldPassword')} error={form.errors.oldPassword}>
          <PasswordInput autoComplete="current-password" {...form.bind('oldPassword')} />
        </PlainField>
        <PlainField label={t('account.newPassword')} error={form.errors.newPassword}>
          <PasswordInput autoComplete="new-password" {...form.bind('newPassword')} />
        </PlainField>
        <PlainField label={t('account.confirmPassword')} error={form.errors.confirm}>
          <PasswordInput autoComplete="new-password" {...form.bind('confirm')} />
        </PlainField>
        <button type="submit" className={`plain-btn primary${busy ? ' loading' : ''}`} aria-busy={busy}>
          {t('account.save')}
        </button>
      </form>
    </div>
  );
}

import { Msg } from '@anxun/shared/messages';
import { isSmsMobile } from '@anxun/shared/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PlainField } from '../../../components/plain-field';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useFieldChecks } from '../../../lib/use-field-checks';
import { PasswordInput } from '../../../components/password-input';
import { accountKeys, changePhone, sendCode, sendOwnPhoneCode } from '../api/account-api';
import { CodeField } from './code-field';

/**
 * 更换手机号: a code to the new number proves it is the learner's; a code to the current one
 * (`current`, masked) — or, with none on the account, the password — proves the account is his,
 * not a stolen session's. Plain form (no antd).
 */
export function PhoneCard({ current }: { current: string | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const hasPhone = Boolean(current);
  const form = useFieldChecks({
    oldCheckCode: (v) => (!hasPhone || v.trim() ? undefined : Msg.SMS_CODE_REQUIRED),
    password: (v) => (hasPhone || v ? undefined : Msg.PASSWORD_REQUIRED),
    telPhoto: (v) => (!v.trim() ? Msg.MOBILE_REQUIRED : isSmsMobile(v.trim()) ? undefined : Msg.MOBILE_INVALID),
    checkCode: (v) => (v.trim() ? undefined : Msg.SMS_CODE_REQUIRED),
  });
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.checkAll()) return;
    setBusy(true);
    changePhone({
      telPhoto: form.values.telPhoto.trim(),
      checkCode: form.values.checkCode.trim(),
      ...(hasPhone ? { oldCheckCode: form.values.oldCheckCode.trim() } : { password: form.values.password }),
    })
      .then(() => {
        form.reset();
        void client.invalidateQueries({ queryKey: accountKeys.profile });
        notifySuccess(t('account.phoneSaved'));
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <div className="account-card plain-panel">
      <h2 className="account-card-title">{t('account.phoneTitle')}</h2>
      <p>
        {t('account.currentPhone')}
        {t('punct.colon')}
        <strong data-testid="current-phone">{current || '—'}</strong>
      </p>
      <form className="account-form" data-testid="phone-form" noValidate onSubmit={submit}>
        <p className="account-hint">{t(hasPhone ? 'account.phoneProof' : 'account.phoneProofPassword')}</p>
        {hasPhone ? (
          <CodeField
            label={t('account.codeTo', { phone: current ?? '' })}
            error={form.errors.oldCheckCode}
            testId="phone-send-old-code"
            send={sendOwnPhoneCode}
            input={form.bind('oldCheckCode')}
          />
        ) : (
          <PlainField label={t('account.oldPassword')} error={form.errors.password}>
            <PasswordInput autoComplete="current-password" {...form.bind('password')} />
          </PlainField>
        )}
        <PlainField label={t('account.newPhone')} error={form.errors.telPhoto}>
          <input className="plain-input" inputMode="tel" autoComplete="tel" maxLength={11} {...form.bind('telPhoto')} />
        </PlainField>
        <CodeField
          label={t('account.newPhoneCode')}
          error={form.errors.checkCode}
          testId="phone-send-code"
          send={() => form.check('telPhoto') && sendCode(form.values.telPhoto.trim())}
          input={form.bind('checkCode')}
        />
        <button type="submit" className={`plain-btn primary${busy ? ' loading' : ''}`} aria-busy={busy}>
          {t('account.save')}
        </button>
      </form>
    </div>
  );
}

import { Msg } from '@anxun/shared/messages';
import { isSmsMobile } from '@anxun/shared/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PlainField } from '../../../components/plain-field';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useFieldChecks } from '../../../lib/use-field-checks';
import { accountKeys, changePhone, sendCode } from '../api/account-api';
import { CodeField } from './code-field';

/** 更换手机号: a code to the new number proves it is the learner's. Plain form (no antd). */
export function PhoneCard({ current }: { current: string | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useFieldChecks({
    telPhoto: (v) => (!v.trim() ? Msg.MOBILE_REQUIRED : isSmsMobile(v.trim()) ? undefined : Msg.MOBILE_INVALID),
    checkCode: (v) => (v.trim() ? undefined : Msg.SMS_CODE_REQUIRED),
  });
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.checkAll()) return;
    setBusy(true);
    changePhone(form.values.telPhoto.trim(), form.values.checkCode.trim())
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
        <PlainField label={t('account.newPhone')} error={form.errors.telPhoto}>
          <input className="plain-input" inputMode="tel" autoComplete="tel" maxLength={11} {...form.bind('telPhoto')} />
        </PlainField>
        <CodeField
          label={t('register.checkCode')}
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

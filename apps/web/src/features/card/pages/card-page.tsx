import type { VerifyResult as Verified } from '@anxun/shared/schemas/certificates';
import '../locales/card-texts';
import '../../../components/plain-controls.css';
import '../card.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlainNotice } from '../../../components/plain-notice';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

type Fields = { number: string; code: string };
const TONE = { valid: 'success', reissued: 'warning', revoked: 'error' } as const;

/**
 * /card (public): anyone checks a certificate by its number and code, typed or from the
 * QR code's link — valid, revoked or unknown, with only what a verifier needs. Plain
 * elements, no antd: a verifier opens it on a phone from the certificate's QR code, a first
 * visit.
 */
export default function CardPage() {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const [fields, setFields] = useState<Fields>({ number: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [result, setResult] = useState<Verified | undefined>();
  const [busy, setBusy] = useState(false);

  const verify = (number: string, code: string) => {
    setBusy(true);
    api
      .get<Verified>('/api/base/certificate/verify', { query: { number: number.trim(), code: code.trim() } })
      .then(setResult)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  useEffect(() => {
    const number = params.get('no');
    const code = params.get('code');
    // the QR code's link carries both: check at once
    if (number && code) {
      setFields({ number, code });
      verify(number, code);
    } else {
      // /card again without a link's query: an empty form, not the last certificate checked
      setFields({ number: number ?? '', code: code ?? '' });
      setResult(undefined);
      setErrors({});
    }
  }, [params]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(fields.number.trim() ? {} : { number: t('card.numberRequired') }),
      ...(fields.code.trim() ? {} : { code: t('card.codeRequired') }),
    };
    setErrors(missing);
    if (Object.keys(missing).length === 0 && !busy) verify(fields.number, fields.code);
  };

  const field = (name: keyof Fields, label: string, extra: { placeholder?: string; maxLength?: number }) => (
    <div className="card-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="plain-input"
        value={fields[name]}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        data-testid={`card-${name}`}
        onChange={(e) => {
          setFields((f) => ({ ...f, [name]: e.target.value }));
          if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }));
          // an answer is about the number and code it was asked for, not about what is typed now
          setResult(undefined);
        }}
        {...extra}
      />
      <div className="login-field-error" id={`${id}-${name}-error`} role="alert">
        {errors[name]}
      </div>
    </div>
  );

  return (
    <main className="plain-page card-page">
      <section className="plain-panel" aria-labelledby={`${id}-title`}>
        <h1 className="plain-panel-title" id={`${id}-title`}>
          {t('card.title')}
        </h1>
        <form onSubmit={submit} noValidate>
          {field('number', t('card.number'), { placeholder: 'AX2026…' })}
          {field('code', t('card.code'), { maxLength: 16 })}
          <button
            type="submit"
            className={`plain-btn primary${busy ? ' loading' : ''}`}
            aria-busy={busy}
            data-testid="card-submit"
          >
            {t('card.verify')}
          </button>
        </form>
        {result && (
          <div className="card-result" data-testid="card-result" data-status={result.status} aria-live="polite">
            {result.status === 'unknown' ? (
              <PlainNotice tone="unknown" title={t('card.unknown')}>
                {t('card.unknownHint')}
              </PlainNotice>
            ) : (
              <>
                <PlainNotice tone={TONE[result.status]} title={t(`card.${result.status}`)}>
                  {result.status === 'reissued'
                    ? `${t('card.reissuedHint')} ${formatDateTime(result.reissuedAt ?? null)}`
                    : result.status === 'revoked'
                      ? `${t('card.revokedAt')} ${formatDateTime(result.revokedAt)}`
                      : undefined}
                </PlainNotice>
                <dl className="card-details">
                  {(
                    [
                      [t('card.number'), result.number],
                      [t('card.holder'), result.holderName],
                      [t('card.class'), result.className],
                      [t('card.hours'), result.hours],
                      [t('card.org'), result.orgName],
                      [t('card.issued'), formatDateTime(result.issuedAt)],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </div>
        )}
        <p className="card-home">
          <Link to="/">{t('page.backHome')}</Link>
        </p>
      </section>
    </main>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PlainNotice } from '../../../components/plain-notice';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { api } from '../../../lib/api-client';
import { useCertificateProgress, type CertificateProgress } from '../../../lib/certificate-progress';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { accountKeys, useMyCertificates, type MyCertificate as Certificate } from '../api/account-api';

/** The classes without a certificate yet, and what each still waits for. */
function Waiting({ waiting }: { waiting: CertificateProgress[] }) {
  const { t } = useTranslation();
  if (waiting.length === 0) return null;
  return (
    <div className="certificates-waiting">
      {waiting.map((p) => (
        <PlainNotice
          key={p.trainPersonId}
          tone={p.status === 'withheld' ? 'warning' : 'info'}
          testId="certificate-waiting"
          title={p.className}
        >
          {[
            p.coursesLeft > 0 ? t('study.certificate.studying', { count: p.coursesLeft }) : '',
            p.checksLeft > 0
              ? t(p.coursesLeft > 0 ? 'study.certificate.checksLeft' : 'study.certificate.withheld', {
                  count: p.checksLeft,
                })
              : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </PlainNotice>
      ))}
    </div>
  );
}

/** 我的证书: what the learner has earned, to download, print, and share for checking. */
export function CertificatesCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending } = useMyCertificates();
  const progress = useCertificateProgress();
  const waiting = (progress.data ?? []).filter((p) => p.status !== 'issued' && p.status !== 'revoked');
  // sent here to see a certificate (查看证书): the card in view, once
  const card = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as { showCertificates?: boolean } | null)?.showCertificates === true;
  useEffect(() => {
    if (!asked) return;
    card.current?.scrollIntoView({ block: 'start' });
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [asked, location.pathname, location.search, navigate]);
  const markPrinted = (c: Certificate) =>
    void api.post(`/api/base/certificate/upIsPrinting/${c.id}`).then(() => {
      notifySuccess(t('certificates.printedSaved'));
      void client.invalidateQueries({ queryKey: accountKeys.certificates });
    });
  return (
    <div className="account-card plain-panel" data-testid="certificates-card" ref={card}>
      <h2 className="account-card-title">{t('certificates.title')}</h2>
      <Waiting waiting={waiting} />
      {isPending ? (
        <SkeletonLines lines={3} className="account-loading" />
      ) : (data ?? []).length === 0 ? (
        // a class on its way says what it waits for above; the bare hint is for no class at all
        waiting.length === 0 && (
          <p className="account-empty">
            {t('certificates.none')}{' '}
            <Link className="plain-link" to="/study">
              {t('header.myStudy')}
            </Link>
          </p>
        )
      ) : (
        <ul className="certificate-list">
          {(data ?? []).map((c) => (
            <li key={c.id} className="certificate-item" data-testid="certificate-item">
              <div className="certificate-meta">
                <div className="certificate-title">
                  {c.className}
                  {c.status === 'valid' ? (
                    <span className="plain-tag success">{t('certificates.valid')}</span>
                  ) : (
                    <span className="plain-tag error">{t('certificates.revoked')}</span>
                  )}
                </div>
                {c.status === 'revoked' && c.revokeReason && (
                  <div className="certificate-reason" data-testid="certificate-revoke-reason">
                    {t('certificates.reason')}
                    {t('punct.colon')}
                    {c.revokeReason}
                  </div>
                )}
                <div>
                  {t('certificates.number')}
                  {t('punct.colon')}
                  <strong data-testid="certificate-number">{c.number}</strong> · {t('certificates.code')}
                  {t('punct.colon')}
                  <strong data-testid="certificate-code">{c.verifyCode}</strong>
                </div>
                <div>
                  {c.hours} {t('study.hours')} · {t('certificates.issued')} {formatDateTime(c.issuedAt)}
                  {c.printCount > 0 && ` · ${t('certificates.printed', { count: c.printCount })}`}
                </div>
                <a href={c.verifyUrl} target="_blank" rel="noreferrer" data-testid="certificate-verify-link">
                  {t('certificates.verifyLink')}
                </a>
              </div>
              {c.status === 'valid' && (
                <div className="account-actions">
                  <button
                    type="button"
                    className="plain-btn small primary"
                    data-testid="certificate-download"
                    onClick={() =>
                      void downloadFile(`/api/base/certificate/pdf/${c.id}`, `certificate-${c.number}.pdf`)
                    }
                  >
                    {t('certificates.download')}
                  </button>
                  <button
                    type="button"
                    className="plain-btn small"
                    onClick={() => markPrinted(c)}
                    aria-describedby={`printed-hint-${c.id}`}
                  >
                    {t('certificates.markPrinted')}
                  </button>
                  {/* what the button is for: a paper copy printed is counted on the certificate's record */}
                  <small className="account-hint" id={`printed-hint-${c.id}`}>
                    {t('certificates.markPrintedHint')}
                  </small>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

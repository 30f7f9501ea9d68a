import type { CertificateProgress } from '@anxun/shared/schemas/certificates';
import { useNavigate } from 'react-router';
import { PlainNotice } from '../../../components/plain-notice';
import { CERTIFICATES_PATH, showCertificatesState } from '../../../lib/certificate-progress';
import { useTranslation } from '../../../lib/i18n';

/** Where a class stands on its certificate, and the step that gets it there. */
export function CertificateLine({ progress }: { progress: CertificateProgress | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!progress) return null;
  if (progress.status === 'issued' || progress.status === 'revoked') {
    const issued = progress.status === 'issued';
    return (
      <PlainNotice
        tone={issued ? 'success' : 'error'}
        testId="certificate-line"
        className="certificate-line"
        title={t(issued ? 'study.certificate.issued' : 'study.certificate.revoked', {
          number: progress.certificateNumber ?? '',
        })}
        action={
          <button
            type="button"
            className={`plain-btn small${issued ? ' primary' : ''}`}
            onClick={() => navigate(CERTIFICATES_PATH, { state: showCertificatesState })}
          >
            {t('study.next.certificate')}
          </button>
        }
      />
    );
  }
  if (progress.status === 'withheld') {
    return (
      <PlainNotice
        tone="warning"
        testId="certificate-line"
        className="certificate-line"
        title={t('study.certificate.withheld', { count: progress.checksLeft })}
      />
    );
  }
  return (
    <div className="certificate-hint" data-testid="certificate-line">
      {t('study.certificate.studying', { count: progress.coursesLeft })}
      {progress.checksLeft > 0 && ` ${t('study.certificate.checksLeft', { count: progress.checksLeft })}`}
    </div>
  );
}

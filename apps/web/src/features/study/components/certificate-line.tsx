import type { CertificateProgress } from '@anxun/shared/schemas/certificates';
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/** Where a class stands on its certificate, and the step that gets it there. */
export function CertificateLine({ progress }: { progress: CertificateProgress | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!progress) return null;
  if (progress.status === 'issued') {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="certificate-line"
        message={t('study.certificate.issued', { number: progress.certificateNumber ?? '' })}
        action={
          <Button size="small" type="primary" onClick={() => navigate('/setting/personalCenter')}>
            {t('study.next.certificate')}
          </Button>
        }
      />
    );
  }
  if (progress.status === 'withheld') {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="certificate-line"
        message={t('study.certificate.withheld', { count: progress.checksLeft })}
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

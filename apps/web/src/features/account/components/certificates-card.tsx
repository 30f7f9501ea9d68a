import type { MyCertificate as Certificate } from '@anxun/shared/schemas/certificates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { useCertificateProgress, type CertificateProgress } from '../../../lib/certificate-progress';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';

const key = ['account', 'certificates'] as const;

/** The classes without a certificate yet, and what each still waits for. */
function Waiting({ waiting }: { waiting: CertificateProgress[] }) {
  const { t } = useTranslation();
  if (waiting.length === 0) return null;
  return (
    <div className="certificates-waiting">
      {waiting.map((p) => (
        <Alert
          key={p.trainPersonId}
          type={p.status === 'withheld' ? 'warning' : 'info'}
          showIcon
          data-testid="certificate-waiting"
          message={p.className}
          description={[
            p.coursesLeft > 0 ? t('study.certificate.studying', { count: p.coursesLeft }) : '',
            p.checksLeft > 0
              ? t(p.coursesLeft > 0 ? 'study.certificate.checksLeft' : 'study.certificate.withheld', {
                  count: p.checksLeft,
                })
              : '',
          ]
            .filter(Boolean)
            .join(' ')}
        />
      ))}
    </div>
  );
}

/** 我的证书: what the learner has earned, to download, print, and share for checking. */
export function CertificatesCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: () => api.get<Certificate[]>('/api/base/certificate/my'),
  });
  const progress = useCertificateProgress();
  const waiting = (progress.data ?? []).filter((p) => p.status !== 'issued');
  return (
    <Card title={t('certificates.title')} className="account-card" data-testid="certificates-card">
      <Waiting waiting={waiting} />
      <List
        loading={isPending}
        dataSource={data ?? []}
        locale={{
          // a class on its way says what it waits for above; the bare hint is for no class at all
          emptyText:
            waiting.length > 0 ? (
              <span />
            ) : (
              <Empty description={t('certificates.none')}>
                <Link to="/study">{t('header.myStudy')}</Link>
              </Empty>
            ),
        }}
        renderItem={(c) => (
          <List.Item
            data-testid="certificate-item"
            actions={
              c.status === 'valid'
                ? [
                    <Button
                      key="pdf"
                      type="primary"
                      size="small"
                      data-testid="certificate-download"
                      onClick={() =>
                        void downloadFile(`/api/base/certificate/pdf/${c.id}`, `certificate-${c.number}.pdf`)
                      }
                    >
                      {t('certificates.download')}
                    </Button>,
                    <Button
                      key="printed"
                      size="small"
                      onClick={() =>
                        void api.post(`/api/base/certificate/upIsPrinting/${c.id}`).then(() => {
                          notifySuccess(t('certificates.printedSaved'));
                          void client.invalidateQueries({ queryKey: key });
                        })
                      }
                    >
                      {t('certificates.markPrinted')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>{c.className}</span>
                  {c.status === 'valid' ? (
                    <Tag color="success">{t('certificates.valid')}</Tag>
                  ) : (
                    <Tag color="error">{t('certificates.revoked')}</Tag>
                  )}
                </Space>
              }
              description={
                <div className="certificate-meta">
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
                  <Typography.Link href={c.verifyUrl} target="_blank" data-testid="certificate-verify-link">
                    {t('certificates.verifyLink')}
                  </Typography.Link>
                </div>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

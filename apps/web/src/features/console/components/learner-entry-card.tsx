import { DEFAULT_ORG_CODE } from '@anxun/shared/constants';
import { Button, Card, QRCode, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../../stores/user-store';
import { useRegistrationSettings } from '../api/console-api';

/**
 * The organisation's own addresses (spec §2: ?OrgCode= names whose site it is): a learner
 * who opens them sees this organisation's name and logo, not the platform's default one.
 */
export function entryAddress(page: 'login' | 'register', orgCode: string, at: Location = location): string {
  return `${at.origin}${at.pathname}#/${page}?OrgCode=${encodeURIComponent(orgCode)}`;
}

/** 学员入口: the login and registration addresses to send the learners, and a QR code to print. */
export function LearnerEntryCard() {
  const { t } = useTranslation();
  const orgCode = useUser((s) => s.orgCode);
  const registration = useRegistrationSettings();
  const qr = useRef<HTMLDivElement>(null);
  if (!orgCode) return null;
  const login = entryAddress('login', orgCode);
  const register = entryAddress('register', orgCode);
  const download = () => {
    const canvas = qr.current?.querySelector('canvas');
    if (!canvas) return;
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = t('console.entry.qrFile', { code: orgCode });
    link.click();
  };
  const mode = registration.data?.mode;
  return (
    <Card size="small" title={t('console.entry.title')} data-testid="learner-entry-card">
      <div className="entry-card">
        <div className="entry-card-qr" ref={qr}>
          <QRCode value={login} size={148} bordered={false} data-testid="entry-qr" />
          <Button size="small" onClick={download}>
            {t('console.entry.qrDownload')}
          </Button>
        </div>
        <Space direction="vertical" size={6} className="entry-card-text">
          <span>
            {t('console.entry.orgCode')}
            <Typography.Text strong copyable data-testid="entry-org-code">
              {orgCode}
            </Typography.Text>
          </span>
          <span>{t('console.entry.login')}</span>
          <Typography.Text copyable={{ text: login }} code data-testid="entry-login">
            {login}
          </Typography.Text>
          <span>
            {t('console.entry.register')}
            {mode && (
              <Typography.Text type="secondary">
                {t('console.entry.registerMode', { mode: t(`console.registration.${mode}`) })}
              </Typography.Text>
            )}
          </span>
          <Typography.Text copyable={{ text: register }} code data-testid="entry-register">
            {register}
          </Typography.Text>
          <Typography.Paragraph type="secondary" className="console-hint">
            {t('console.entry.hint')}
            {orgCode !== DEFAULT_ORG_CODE && t('console.entry.hintOther')}
          </Typography.Paragraph>
        </Space>
      </div>
    </Card>
  );
}

import '../../../lib/locales/page-texts';
import '../locales/account-texts';
import '../account.css';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton } from 'antd';
import { PendingChecks } from '../../../components/face-check/pending-checks';
import { useTranslation } from '../../../lib/i18n';
import { useProfile } from '../api/account-api';
import { CertificatesCard } from '../components/certificates-card';
import { PasswordCard } from '../components/password-card';
import { PhoneCard } from '../components/phone-card';
import { ReferencePhotoCard } from '../components/reference-photo-card';

/** 个人中心: who I am (masked), face checks I still owe, my certificates (or what they wait for), my reference face for face checks, my password and phone. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const client = useQueryClient();
  return (
    <section className="page account-page">
      <h2>{t('route.personalCenter')}</h2>
      <Card title={t('account.profile')} className="account-card">
        {profile.data ? (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'n', label: t('account.name'), children: profile.data.name },
              { key: 'a', label: t('account.account'), children: profile.data.account ?? '—' },
              { key: 'o', label: t('account.org'), children: profile.data.orgName },
              { key: 'i', label: t('account.idCard'), children: profile.data.idCard || '—' },
            ]}
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
      <PendingChecks onPassed={() => void client.invalidateQueries({ queryKey: ['account'] })} />
      <CertificatesCard />
      <ReferencePhotoCard />
      <div className="account-grid">
        <PasswordCard />
        <PhoneCard current={profile.data?.phone} />
      </div>
    </section>
  );
}

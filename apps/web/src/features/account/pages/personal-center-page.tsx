import '../../../lib/locales/page-texts';
import '../locales/account-texts';
import '../account.css';
import '../../../components/plain-controls.css';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { PendingChecks, useOpenChecks } from '../../../components/face-check/pending-checks';
import { useCertificateProgress } from '../../../lib/certificate-progress';
import { PlainFacts } from '../../../components/plain-facts';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { useTranslation } from '../../../lib/i18n';
import { useOnceTrue } from '../../../lib/use-once-true';
import { useMyCertificates, useProfile, useReference } from '../api/account-api';
import { AvatarCard } from '../components/avatar-card';
import { CertificatesCard } from '../components/certificates-card';
import { LanguageCard } from '../components/language-card';
import { useNotices } from '../../../lib/notices';
import { MessagesCard } from '../components/messages-card';
import { PasswordCard } from '../components/password-card';
import { PhoneCard } from '../components/phone-card';
import { ReferencePhotoCard } from '../components/reference-photo-card';

/**
 * 个人中心: who I am (masked), face checks I still owe, my certificates (or what they wait
 * for) and what the platform told me about them, my reference face for face checks, my avatar, my
 * password and phone. Plain markup (no antd).
 */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const reference = useReference();
  const client = useQueryClient();
  // no reference photo yet: its card comes before the checks that need it (decided once: saved,
  // it stays where it is, with its way back to study)
  const order = useRef<boolean | undefined>(undefined);
  // drawn in one piece once every card's answer is here: cards filling in one by one moved
  // the forms below them (layout shift 0.04–0.08 on a desktop)
  // the first time only: a return to the page (kept alive, its answers since dropped from the
  // cache) keeps what is typed in its forms
  const settled = useOnceTrue(
    ![profile, reference, useMyCertificates(), useCertificateProgress(), useOpenChecks(), useNotices()].some(
      (q) => q.isPending,
    ),
  );
  if (settled && order.current === undefined) order.current = reference.data?.hasReference === false;
  const referenceFirst = order.current === true;
  const facts: Array<[string, string]> = profile.data
    ? [
        [t('account.name'), profile.data.name],
        [t('account.account'), profile.data.account ?? '—'],
        [t('account.org'), profile.data.orgName],
        [t('account.idCard'), profile.data.idCard || '—'],
      ]
    : [];
  if (!settled) {
    return (
      <section className="page account-page">
        <h1>{t('route.personalCenter')}</h1>
        <SkeletonLines lines={8} className="account-loading-page" />
      </section>
    );
  }
  return (
    <section className="page account-page">
      <h1>{t('route.personalCenter')}</h1>
      <div className="account-card plain-panel">
        <h2 className="account-card-title">{t('account.profile')}</h2>
        {profile.data ? (
          <PlainFacts facts={facts} testId="profile" />
        ) : (
          <SkeletonLines lines={2} className="account-loading" />
        )}
      </div>
      {referenceFirst && <ReferencePhotoCard />}
      <PendingChecks onPassed={() => void client.invalidateQueries({ queryKey: ['account'] })} />
      <MessagesCard />
      <CertificatesCard />
      {!referenceFirst && <ReferencePhotoCard />}
      <AvatarCard />
      <div className="account-grid">
        <PasswordCard phone={profile.data?.phone || undefined} />
        <PhoneCard current={profile.data?.phone} />
      </div>
      <LanguageCard />
    </section>
  );
}

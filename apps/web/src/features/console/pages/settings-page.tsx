import '../locales/console-texts';
import '../console.css';
import { useTranslation } from '../../../lib/i18n';
import { CertificateTemplateCard } from '../components/certificate-template-card';
import { LearnerEntryCard } from '../components/learner-entry-card';
import { ReferenceModeCard } from '../components/reference-mode-card';
import { RetentionCard } from '../components/retention-card';

/** 单位设置: where the learners come in, how long the organisation keeps its records, who takes reference photos, and what its certificates look like. */
export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <section className="page console-page console-stack" data-testid="settings-page">
      <h1>{t('route.manageSettings')}</h1>
      <LearnerEntryCard />
      <RetentionCard />
      <ReferenceModeCard />
      <CertificateTemplateCard />
    </section>
  );
}

import { Role } from '@anxun/shared/constants';
import { useNavigate } from 'react-router';
import { PlainResult } from '../../../components/plain-result';
import { useTranslation } from '../../../lib/i18n';
import { useOrg } from '../../../shell/use-org';
import { useUser } from '../../../stores/user-store';

/**
 * A learner in no class yet (just registered, say) learns what happens next and whom to
 * ask; an administrator is told what this page is for him, not to ask himself.
 */
export function NoClass({ onRefresh }: { onRefresh(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useUser((s) => s.role);
  const { data: org } = useOrg();
  const orgName = org?.baseOrgName ?? '';
  if (role === Role.ADMIN) {
    return (
      <PlainResult tone="info" testId="no-class" title={t('study.noClassAdmin.title', { org: orgName })}>
        <p>{t('study.noClassAdmin.text')}</p>
      </PlainResult>
    );
  }
  return (
    <PlainResult
      tone="info"
      testId="no-class"
      title={t('study.noClassLearner.title', { org: orgName })}
      actions={
        <>
          <button type="button" className="plain-btn primary" onClick={onRefresh}>
            {t('study.noClassLearner.refresh')}
          </button>
          <button type="button" className="plain-btn" onClick={() => navigate('/index')}>
            {t('study.noClassLearner.ask')}
          </button>
        </>
      }
    >
      <p>{t('study.noClassLearner.text', { org: orgName })}</p>
      {org?.footer.phone && <p>{t('study.noClassLearner.phone', { phone: org.footer.phone })}</p>}
    </PlainResult>
  );
}

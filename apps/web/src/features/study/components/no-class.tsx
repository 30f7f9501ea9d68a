import { Role } from '@anxun/shared/constants';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
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
      <Result status="info" data-testid="no-class" title={t('study.noClassAdmin.title', { org: orgName })}>
        <p>{t('study.noClassAdmin.text')}</p>
      </Result>
    );
  }
  return (
    <Result
      status="info"
      data-testid="no-class"
      title={t('study.noClassLearner.title', { org: orgName })}
      subTitle={
        <>
          <p>{t('study.noClassLearner.text', { org: orgName })}</p>
          {org?.footer.phone && <p>{t('study.noClassLearner.phone', { phone: org.footer.phone })}</p>}
        </>
      }
      extra={[
        <Button key="refresh" type="primary" onClick={onRefresh}>
          {t('study.noClassLearner.refresh')}
        </Button>,
        <Button key="ask" onClick={() => navigate('/index')}>
          {t('study.noClassLearner.ask')}
        </Button>,
      ]}
    />
  );
}

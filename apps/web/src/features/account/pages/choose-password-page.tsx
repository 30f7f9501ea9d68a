import '../locales/account-texts';
import '../account.css';
import '../../../components/plain-controls.css';
import { QueryProvider } from '../../../app/query-client';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../../stores/user-store';
import { useProfile } from '../api/account-api';
import { PasswordCard } from '../components/password-card';

/**
 * 设置新密码: shown instead of every signed-in page while his password is one a manager (or the
 * platform operator) set — on import, on adding him, on a reset. The password he was given, or
 * a code to his own phone, then one of his own; or he logs out. Plain markup.
 */
export default function ChoosePasswordPage() {
  // drawn instead of the shell, which brings the query client with it
  return (
    <QueryProvider>
      <ChoosePassword />
    </QueryProvider>
  );
}

function ChoosePassword() {
  const { t } = useTranslation();
  const profile = useProfile();
  const passwordChosen = useUser((s) => s.passwordChosen);
  const logout = useUser((s) => s.logout);
  return (
    <main className="page account-page choose-password-page" data-testid="choose-password">
      <h1>{t('account.choose.title')}</h1>
      <p className="choose-password-intro">{t('account.choose.intro')}</p>
      <PasswordCard
        phone={profile.data?.phone || undefined}
        title={profile.data ? `${profile.data.name} · ${profile.data.orgName}` : ''}
        oldPasswordLabel={t('account.choose.oldPassword')}
        savedText={t('account.choose.saved')}
        onSaved={passwordChosen}
      />
      <button type="button" className="plain-link" onClick={() => void logout()}>
        {t('account.choose.logout')}
      </button>
    </main>
  );
}

import { useTranslation } from '../../../lib/i18n';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useUser } from '../../../stores/user-store';
import { LoginForm } from '../components/login-form';

/** /login: the post-login redirect never lands on /404 or /403 (spec §2). */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/study';
  if (target === '/404' || target === '/403') return '/';
  return target;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useUser((s) => s.token);
  // A logged-in learner has nothing to do here (spec §4).
  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{t('login.title')}</h1>
        <LoginForm
          onSuccess={() => navigate(safeRedirect(params.get('redirect')), { replace: true })}
          onRegister={() => navigate('/register')}
        />
      </div>
    </main>
  );
}

import type { OrgInfo } from '@anxun/shared/schemas/org';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { fetchOrgInfo, siteOrgCode } from '../../../lib/org-info';
import { useTranslation } from '../../../lib/i18n';
import defaultLogo from '../../../shell/default-logo.svg';
import { useSettings } from '../../../stores/settings-store';
import { useUser } from '../../../stores/user-store';
import { LoginForm } from '../components/login-form';

/**
 * Whose site this is (spec §2: the organisation of ?OrgCode=, else 00000) and the language,
 * on the login and register pages. Plain elements and one request: these pages are the
 * first visit, with a 200 KB budget, so no query library and no antd dropdown here.
 */
export function LoginBrand() {
  const [params] = useSearchParams();
  const code = siteOrgCode(params);
  const [org, setOrg] = useState<OrgInfo | undefined>();
  const language = useSettings((s) => s.language);
  const update = useSettings((s) => s.update);
  useEffect(() => {
    let live = true;
    fetchOrgInfo(code)
      .then((o) => live && setOrg(o))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <div className="login-brand">
      <div className="login-org" data-testid="login-org">
        {org && (
          <>
            <img src={org.logoUrl ?? defaultLogo} alt="" width={40} height={40} />
            <span>{org.baseOrgName}</span>
          </>
        )}
      </div>
      <div className="login-language" role="group" aria-label="Language">
        {(['zh', 'en'] as const).map((l) => (
          <button
            key={l}
            type="button"
            className={language === l ? 'active' : ''}
            aria-pressed={language === l}
            data-testid={`login-language-${l}`}
            onClick={() => update({ language: l })}
          >
            {l === 'zh' ? '中文' : 'English'}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Where a role starts when no page was asked for: the operator at his organisations, a training manager at his console (概览; 我的学习 has nothing for him), a learner at 我的学习 (spec §2). */
const homeOf = (role: string | undefined) =>
  role === 'super' ? '/manage/organisations' : role === 'admin' ? '/manage/dashboard' : '/study';

/** /login: the post-login redirect never lands on /404 or /403 (spec §2). */
export function safeRedirect(target: string | null, home = '/study'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return home;
  if (target === '/404' || target === '/403') return '/';
  return target;
}

/** What the registration page hands the login page: the phone to fill in, and how it went. */
export interface LoginState {
  username?: string;
  registered?: 'pending' | 'done';
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = useUser((s) => s.token);
  const state = location.state as LoginState | null;
  // A logged-in learner has nothing to do here (spec §4).
  if (token) return <Navigate to={safeRedirect(params.get('redirect'), homeOf(useUser.getState().role))} replace />;
  return (
    <main className="auth-page">
      <LoginBrand />
      <div className="auth-card">
        <h1 className="auth-title">{t('login.title')}</h1>
        {state?.registered && (
          <p className="auth-note" role="status">
            {t(state.registered === 'pending' ? 'register.pending' : 'register.success')}
          </p>
        )}
        <LoginForm
          onSuccess={() =>
            navigate(safeRedirect(params.get('redirect'), homeOf(useUser.getState().role)), { replace: true })
          }
          onRegister={() => navigate('/register')}
          username={state?.username}
        />
      </div>
    </main>
  );
}

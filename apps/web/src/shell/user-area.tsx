import { LOGGED_OUT_USER_NAME } from '@anxun/shared/constants';
import '../components/plain-controls.css';
import { Suspense, useState } from 'react';
import { useOnceTrue } from '../lib/use-once-true';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { useUser } from '../stores/user-store';
import { UserMenu } from './user-menu';
import { lazyWithAntd } from '../app/antd-lazy';

// the login form and its dialog load when a guest first presses 登录
const LoginDialog = lazyWithAntd(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));

/** 我的学习, then a login button while 未登录, else name, avatar and their menu (spec §2/§4): plain markup. */
export function UserArea() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useUser((s) => s.username);
  const avatar = useUser((s) => s.avatar);
  const logout = useUser((s) => s.logout);
  const [loginOpen, setLoginOpen] = useState(false);
  const loggedOut = username === LOGGED_OUT_USER_NAME;
  const loginWanted = useOnceTrue(loginOpen);

  return (
    <div className="user-area">
      {/* plain buttons: a guest's header draws no antd (its run-time styles are a phone's work) */}
      <button type="button" className="plain-btn small ghost my-study" onClick={() => navigate('/study')}>
        {t('header.myStudy')}
      </button>
      {loggedOut ? (
        <button type="button" className="plain-btn small login-button" onClick={() => setLoginOpen(true)}>
          {t('header.login')}
        </button>
      ) : (
        <UserMenu username={username} avatar={avatar} onLogout={() => void logout()} />
      )}
      {loginWanted && (
        <Suspense fallback={null}>
          <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

import { LOGGED_OUT_USER_NAME } from '@anxun/shared/constants';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { useUser } from '../stores/user-store';
import { LoginDialog } from './login-dialog';

/** 我的学习, then a login button while 未登录, else name, avatar and the dropdown (spec §2/§4). */
export function UserArea() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useUser((s) => s.username);
  const avatar = useUser((s) => s.avatar);
  const logout = useUser((s) => s.logout);
  const [loginOpen, setLoginOpen] = useState(false);
  const loggedOut = username === LOGGED_OUT_USER_NAME;

  return (
    <div className="user-area">
      <Button type="primary" ghost className="my-study" onClick={() => navigate('/study')}>
        {t('header.myStudy')}
      </Button>
      {loggedOut ? (
        <Button className="login-button" onClick={() => setLoginOpen(true)}>
          {t('header.login')}
        </Button>
      ) : (
        <Dropdown
          trigger={['click', 'hover']}
          menu={{
            items: [
              { key: 'personalCenter', label: t('header.personalCenter') },
              { key: 'logout', label: t('header.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') void logout();
              else navigate('/setting/personalCenter');
            },
          }}
        >
          <button type="button" className="user-trigger" data-testid="user-menu">
            <Avatar size={28} src={avatar ?? undefined}>
              {username.slice(0, 1)}
            </Avatar>
            <span className="user-name">{username}</span>
          </button>
        </Dropdown>
      )}
      <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  );
}

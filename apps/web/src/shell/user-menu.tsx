import { Avatar, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** A signed-in user's name and avatar in the header, with 个人中心 and 退出登录 (spec §2/§4). */
export default function UserMenu({
  username,
  avatar,
  onLogout,
}: {
  username: string;
  avatar: string | null;
  onLogout(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click', 'hover']}
      menu={{
        items: [
          { key: 'personalCenter', label: t('header.personalCenter') },
          { key: 'logout', label: t('header.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') onLogout();
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
  );
}

import { isExternal } from '@anxun/shared/validators';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from '../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { useAcl } from '../stores/acl-store';
import { useSettings } from '../stores/settings-store';
import { useUser } from '../stores/user-store';
import { menuIcon } from './icons';
import { buildMenu, SIGNED_OUT_MENU, type MenuNode } from './menu-model';
import { LAYOUT_ROUTES } from './route-config';

type Item = Required<MenuProps>['items'][number];

/**
 * The menu (spec §2): the rules live in menu-model.ts; here external links leave the app,
 * a ctrl/cmd click opens a new browser tab, any other click navigates in place.
 */
export function NavMenu({
  mode,
  collapsed = false,
}: {
  mode: 'horizontal' | 'inline' | 'vertical';
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const acl = useAcl();
  const signedIn = useUser((s) => s.token !== undefined);
  const themeName = useSettings((s) => s.themeName);

  const toItems = (nodes: MenuNode[]): Item[] =>
    nodes.map((n): Item =>
      n.children
        ? {
            key: n.key,
            icon: menuIcon(n.icon),
            label: t(n.title),
            popupClassName: n.scroll && (mode === 'horizontal' || collapsed) ? 'menu-scroll' : '',
            children: toItems(n.children),
          }
        : { key: n.key, icon: menuIcon(n.icon), label: t(n.title) },
    );

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    if (isExternal(key)) {
      window.open(key, '_blank', 'noopener');
      return;
    }
    if (domEvent.ctrlKey || domEvent.metaKey) window.open(`#${key}`, '_blank');
    else navigate(key);
  };

  return (
    <Menu
      mode={mode}
      theme={themeName === 'white' ? 'light' : 'dark'}
      className="nav-menu"
      selectedKeys={[location.pathname]}
      items={toItems(buildMenu(LAYOUT_ROUTES, signedIn ? acl : SIGNED_OUT_MENU))}
      onClick={onClick}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
    />
  );
}

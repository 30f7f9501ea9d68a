import { isExternal } from '@anxun/shared/validators';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from '../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { can } from '../stores/acl-store';
import { useAcl } from '../stores/acl-store';
import { useSettings } from '../stores/settings-store';
import { menuIcon } from './icons';
import { LAYOUT_ROUTES, type MenuRoute } from './route-config';

const SCROLL_THRESHOLD = 18;

type Item = Required<MenuProps>['items'][number];

/**
 * The menu (spec §2): visible children make a submenu, levelHidden shows children directly,
 * external links leave the app, more than 18 children scroll in an 86vh area.
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
  const themeName = useSettings((s) => s.themeName);

  const toItems = (routes: MenuRoute[]): Item[] =>
    routes
      .filter((r) => !r.hidden && can(acl, r.roles))
      .map((r): Item => {
        const children = r.children?.filter((c) => !c.hidden && can(acl, c.roles));
        if (children && children.length > 0) {
          return {
            key: r.path,
            icon: menuIcon(r.icon),
            label: t(r.title),
            popupClassName:
              children.length > SCROLL_THRESHOLD && (mode === 'horizontal' || collapsed) ? 'menu-scroll' : '',
            children: toItems(children),
          };
        }
        return { key: r.path, icon: menuIcon(r.icon), label: t(r.title) };
      });

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
      items={toItems(LAYOUT_ROUTES)}
      onClick={onClick}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
    />
  );
}

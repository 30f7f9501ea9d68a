import { can, type AclState } from '../stores/acl-store';
import type { MenuRoute } from './route-config';

export const SCROLL_THRESHOLD = 18;

export interface MenuNode {
  key: string;
  title: string;
  icon?: string;
  /** submenu popups with more than 18 children scroll in an 86vh area */
  scroll?: boolean;
  children?: MenuNode[];
}

/**
 * Spec §2/§6 menu rules as data: hidden and forbidden routes drop out; a route with visible
 * children is a submenu; a levelHidden route shows its children in its place.
 */
export function buildMenu(routes: MenuRoute[], acl: AclState): MenuNode[] {
  return routes
    .filter((r) => !r.hidden && can(acl, r.roles))
    .flatMap((r): MenuNode[] => {
      const children = r.children ? buildMenu(r.children, acl) : [];
      if (r.levelHidden && children.length > 0) return children;
      if (children.length > 0) {
        return [{ key: r.path, title: r.title, icon: r.icon, scroll: children.length > SCROLL_THRESHOLD, children }];
      }
      return [{ key: r.path, title: r.title, icon: r.icon }];
    });
}

/**
 * The menu a visitor who has not signed in sees: the pages that name no role. Spec §6 gives
 * logged-out pages a virtual full-access state, so that nothing on a public page is hidden
 * from him; the menu under it listed the console's pages too (管理后台, 单位管理…), each of
 * which asks him to sign in and then refuses a learner.
 */
export const SIGNED_OUT_MENU: AclState = { admin: false, roles: [], abilities: [] };

import { LAYOUT_PAGES, type PageDeclaration } from '@anxun/shared/pages';
import type { Permission } from '../stores/acl-store';

/** Route meta of spec §3, as the shell reads it from react-router's `handle`. */
export interface RouteMeta {
  /** i18n key of the title */
  title: string;
  icon?: string;
  hidden?: boolean;
  /** show the children in this route's place instead of a submenu */
  levelHidden?: boolean;
  noClosable?: boolean;
  tabHidden?: boolean;
  dynamicNewTab?: boolean;
  /** hides the footer (the player) */
  noFooter?: boolean;
  /** guests may open it */
  guest?: boolean;
  roles?: Permission;
}

export interface MenuRoute extends RouteMeta {
  path: string;
  children?: MenuRoute[];
}

/** The one page table (`@anxun/shared/pages`) as the shell reads it. */
function toMenuRoute(p: PageDeclaration): MenuRoute {
  return {
    path: p.path,
    title: p.titleKey,
    ...(p.icon ? { icon: p.icon } : {}),
    ...(p.hidden ? { hidden: true } : {}),
    ...(p.noClosable ? { noClosable: true } : {}),
    ...(p.noFooter ? { noFooter: true } : {}),
    ...(p.guest ? { guest: true } : {}),
    ...(p.roles ? { roles: [...p.roles] } : {}),
    ...(p.children ? { children: p.children.map(toMenuRoute) } : {}),
  };
}

/** The layout routes of spec §2, in menu order (spec §6 `meta.roles`). */
export const LAYOUT_ROUTES: MenuRoute[] = LAYOUT_PAGES.map((p) => toMenuRoute(p));

/** Guests reach only these (spec §6). */
export const GUEST_WHITELIST = ['/login', '/register', '/callback', '/404', '/403'];

export function findRoute(pathname: string): MenuRoute | undefined {
  const walk = (routes: MenuRoute[]): MenuRoute | undefined => {
    for (const r of routes) {
      if (r.path === pathname) return r;
      const child = r.children && walk(r.children);
      if (child) return child;
    }
    return undefined;
  };
  return walk(LAYOUT_ROUTES);
}

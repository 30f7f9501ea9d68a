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

/** The layout routes of spec §2, in menu order. */
export const LAYOUT_ROUTES: MenuRoute[] = [
  { path: '/index', title: 'route.index', icon: 'home', noClosable: true, guest: true },
  { path: '/study', title: 'route.study', icon: 'book' },
  { path: '/exams', title: 'route.exams', icon: 'edit' },
  { path: '/course', title: 'route.course', hidden: true, guest: true },
  { path: '/progress', title: 'route.progress', hidden: true },
  { path: '/show', title: 'route.show', hidden: true, noFooter: true },
  { path: '/video', title: 'route.video', hidden: true },
  { path: '/setting/personalCenter', title: 'route.personalCenter', hidden: true },
  // 管理后台: the console, for an organisation's training managers only (spec §6 meta.roles)
  {
    path: '/manage',
    title: 'route.manage',
    icon: 'setting',
    roles: ['admin'],
    children: [
      { path: '/manage/people', title: 'route.managePeople', roles: ['admin'] },
      { path: '/manage/classes', title: 'route.manageClasses', roles: ['admin'] },
      { path: '/manage/enquiries', title: 'route.manageEnquiries', roles: ['admin'] },
      { path: '/manage/notices', title: 'route.manageNotices', roles: ['admin'] },
      { path: '/manage/audit', title: 'route.manageAudit', roles: ['admin'] },
    ],
  },
];

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

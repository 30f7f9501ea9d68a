import { Role } from '@anxun/shared/constants';
import type { RouteRecord } from '@anxun/shared/schemas/shell';

/**
 * The learner site's menu (spec §2 layout routes). Each entry is a layout route with one
 * child of the same path, as the described site has them; `meta.roles` limits who sees it.
 */
const page = (
  path: string,
  name: string,
  title: string,
  icon: string,
  extra: RouteRecord['meta'] = {},
): RouteRecord => ({
  path,
  name: `${name}Root`,
  component: 'Layout',
  meta: { title, icon, levelHidden: true, ...extra },
  children: [{ path, name, component: `@/views${path}/index`, meta: { title, icon, ...extra } }],
});

export const MENU: RouteRecord[] = [
  { path: '/', redirect: '/index', meta: { hidden: true } },
  page('/index', 'Index', '首页', 'home-2-line', { noClosable: true }),
  page('/study', 'Study', '我的学习', 'book-open-line'),
  page('/course', 'Course', '课程详情', 'file-list-line', { hidden: true }),
  page('/progress', 'Progress', '课程进度', 'bar-chart-line', { hidden: true }),
  page('/show', 'Show', '播放', 'play-circle-line', { hidden: true }),
  page('/video', 'Video', '视频', 'video-line', { hidden: true }),
  page('/exams', 'Exams', '练题', 'edit-2-line'),
  page('/setting/personalCenter', 'PersonalCenter', '个人中心', 'user-line', { hidden: true }),
  // 管理后台: the console, for an organisation's training managers only
  {
    path: '/manage',
    name: 'Manage',
    component: 'Layout',
    redirect: '/manage/people',
    meta: { title: '管理后台', icon: 'settings-3-line', roles: [Role.ADMIN] },
    children: [
      {
        path: '/manage/people',
        name: 'ManagePeople',
        component: '@/views/manage/people/index',
        meta: { title: '部门与学员', roles: [Role.ADMIN] },
      },
      {
        path: '/manage/classes',
        name: 'ManageClasses',
        component: '@/views/manage/classes/index',
        meta: { title: '班级管理', roles: [Role.ADMIN] },
      },
      {
        path: '/manage/enquiries',
        name: 'ManageEnquiries',
        component: '@/views/manage/enquiries/index',
        meta: { title: '报名咨询', roles: [Role.ADMIN] },
      },
      {
        path: '/manage/notices',
        name: 'ManageNotices',
        component: '@/views/manage/notices/index',
        meta: { title: '通知公告', roles: [Role.ADMIN] },
      },
      {
        path: '/manage/audit',
        name: 'ManageAudit',
        component: '@/views/manage/audit/index',
        meta: { title: '操作日志', roles: [Role.ADMIN] },
      },
    ],
  },
];

function allowed(route: RouteRecord, role: string): boolean {
  const roles = route.meta?.roles;
  return !roles || roles.length === 0 || role === Role.ADMIN || roles.includes(role);
}

/** The menu filtered for a role (admin sees everything, spec §6). */
export function menuFor(role: string): RouteRecord[] {
  const filter = (routes: RouteRecord[]): RouteRecord[] =>
    routes.filter((r) => allowed(r, role)).map((r) => (r.children ? { ...r, children: filter(r.children) } : r));
  return filter(MENU);
}

/** Search suggestions over visible menu pages whose title or path contains the word. */
export function searchMenu(word: string, role: string): Array<{ value: string; url: string }> {
  const needle = word.trim().toLowerCase();
  if (!needle) return [];
  const out: Array<{ value: string; url: string }> = [];
  const walk = (routes: RouteRecord[]) => {
    for (const r of routes) {
      if (r.children) walk(r.children);
      else if (r.meta?.title && !r.meta.hidden) {
        if (r.meta.title.toLowerCase().includes(needle) || r.path.toLowerCase().includes(needle)) {
          out.push({ value: r.meta.title, url: `/#${r.path}` });
        }
      }
    }
  };
  walk(menuFor(role));
  return out;
}

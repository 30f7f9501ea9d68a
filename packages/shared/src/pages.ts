import { Role } from './constants.js';

/**
 * Every page inside the layout, declared once (issue: Console I, "a page is declared once").
 * The server's `/router/getList` (spec §6 role-filtered routes), the web's menu and route
 * guard, and the web's router all read this table; the web names each page's component in a
 * record typed by these paths, so a page added here without one fails to compile.
 */
export interface PageDeclaration {
  path: string;
  /** the route name of spec §3 (`/router/getList`) */
  name: string;
  /** the Chinese title the server's menu carries */
  title: string;
  /** the web's i18n key of the title */
  titleKey: string;
  /** the web's menu icon (an @ant-design/icons name the shell maps) */
  icon?: string;
  /** the described site's remix icon name (`/router/getList`) */
  menuIcon?: string;
  hidden?: boolean;
  noClosable?: boolean;
  /** hides the footer (the player) */
  noFooter?: boolean;
  /** guests may open it */
  guest?: boolean;
  /** who sees it; none: everyone signed in */
  roles?: readonly Role[];
  children?: readonly PageDeclaration[];
}

const CONSOLE = [Role.ADMIN] as const;
/** course books and question banks: a manager's own, and the platform operator's shared ones */
const BOOKS = [Role.ADMIN, Role.SUPER] as const;

export const LAYOUT_PAGES = [
  {
    path: '/index',
    name: 'Index',
    title: '首页',
    titleKey: 'route.index',
    icon: 'home',
    menuIcon: 'home-2-line',
    noClosable: true,
    guest: true,
  },
  {
    path: '/study',
    name: 'Study',
    title: '我的学习',
    titleKey: 'route.study',
    icon: 'book',
    menuIcon: 'book-open-line',
  },
  { path: '/exams', name: 'Exams', title: '练题', titleKey: 'route.exams', icon: 'edit', menuIcon: 'edit-2-line' },
  {
    path: '/course',
    name: 'Course',
    title: '课程详情',
    titleKey: 'route.course',
    menuIcon: 'file-list-line',
    hidden: true,
    guest: true,
  },
  {
    path: '/progress',
    name: 'Progress',
    title: '课程进度',
    titleKey: 'route.progress',
    menuIcon: 'bar-chart-line',
    hidden: true,
  },
  {
    path: '/show',
    name: 'Show',
    title: '播放',
    titleKey: 'route.show',
    menuIcon: 'play-circle-line',
    hidden: true,
    noFooter: true,
  },
  { path: '/video', name: 'Video', title: '视频', titleKey: 'route.video', menuIcon: 'video-line', hidden: true },
  {
    path: '/setting/personalCenter',
    name: 'PersonalCenter',
    title: '个人中心',
    titleKey: 'route.personalCenter',
    menuIcon: 'user-line',
    hidden: true,
  },
  // 管理后台: the console — the platform operator's organisations, the training manager's organisation
  {
    path: '/manage',
    name: 'Manage',
    title: '管理后台',
    titleKey: 'route.manage',
    icon: 'setting',
    menuIcon: 'settings-3-line',
    roles: [Role.ADMIN, Role.SUPER],
    children: [
      {
        path: '/manage/organisations',
        name: 'ManageOrganisations',
        title: '单位管理',
        titleKey: 'route.manageOrganisations',
        roles: [Role.SUPER],
      },
      {
        path: '/manage/dashboard',
        name: 'ManageDashboard',
        title: '概览',
        titleKey: 'route.manageDashboard',
        roles: CONSOLE,
      },
      {
        path: '/manage/people',
        name: 'ManagePeople',
        title: '部门与学员',
        titleKey: 'route.managePeople',
        roles: CONSOLE,
      },
      {
        path: '/manage/classes',
        name: 'ManageClasses',
        title: '班级管理',
        titleKey: 'route.manageClasses',
        roles: CONSOLE,
      },
      {
        path: '/manage/courses',
        name: 'ManageCourses',
        title: '课程管理',
        titleKey: 'route.manageCourses',
        roles: BOOKS,
      },
      {
        path: '/manage/questions',
        name: 'ManageQuestions',
        title: '题库',
        titleKey: 'route.manageQuestions',
        roles: BOOKS,
      },
      {
        path: '/manage/enquiries',
        name: 'ManageEnquiries',
        title: '报名咨询',
        titleKey: 'route.manageEnquiries',
        roles: CONSOLE,
      },
      {
        path: '/manage/notices',
        name: 'ManageNotices',
        title: '通知公告',
        titleKey: 'route.manageNotices',
        roles: CONSOLE,
      },
      {
        path: '/manage/reports',
        name: 'ManageReports',
        title: '学习报表',
        titleKey: 'route.manageReports',
        roles: CONSOLE,
      },
      {
        path: '/manage/face-review',
        name: 'ManageFaceReview',
        title: '核验审核',
        titleKey: 'route.manageFaceReview',
        roles: CONSOLE,
      },
      {
        path: '/manage/certificates',
        name: 'ManageCertificates',
        title: '证书管理',
        titleKey: 'route.manageCertificates',
        roles: CONSOLE,
      },
      {
        path: '/manage/settings',
        name: 'ManageSettings',
        title: '单位设置',
        titleKey: 'route.manageSettings',
        roles: CONSOLE,
      },
      {
        path: '/manage/audit',
        name: 'ManageAudit',
        title: '操作日志',
        titleKey: 'route.manageAudit',
        roles: [Role.ADMIN, Role.SUPER],
      },
    ],
  },
] as const satisfies readonly PageDeclaration[];

type Leaf<P> = P extends { children: readonly (infer C)[] } ? Leaf<C> : P extends { path: infer S } ? S : never;
/** The path of every page that shows a component (groups excluded). */
export type PagePath = Leaf<(typeof LAYOUT_PAGES)[number]>;

/** Every page that shows a component, groups walked. */
export function leafPages(pages: readonly PageDeclaration[] = LAYOUT_PAGES): PageDeclaration[] {
  return pages.flatMap((p) => (p.children ? leafPages(p.children) : [p]));
}

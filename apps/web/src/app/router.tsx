import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../shell/page-title';
import { NavigationProgress, RequireSession } from './guard';
import { leafPages, type PagePath } from '@anxun/shared/pages';
import { useUser } from '../stores/user-store';
import { LoadBoundary } from '../components/load-boundary';
import { preloadable } from './preloadable';
import { lazyWithAntd, preloadableWithAntd } from './antd-lazy';

// Pages are lazy chunks: a first visit to /#/login downloads only what login needs. Pages drawn
// with antd come with its provider (antd-lazy); the login page, 首页, 课程详情, 视频, 我的学习, 课程进度, the player, 练题 and 个人中心 are
// plain markup.
const LoginPage = preloadable(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazyWithAntd(() => import('../features/auth/pages/register-page'));
const IndexPage = preloadable(() => import('../features/courses/pages/index-page'));
const CoursePage = preloadable(() => import('../features/courses/pages/course-page'));
const ErrorPage = lazyWithAntd(() => import('../pages/error-page'));
const PublicPlaceholder = lazyWithAntd(() => import('../pages/public-placeholder'));
// plain markup: a learner's first page after login, and the player, where he spends his time
const StudyPage = preloadable(() => import('../features/study/pages/study-page'));
const ShowPage = preloadable(() => import('../features/study/pages/show-page'));
const ProgressPage = preloadable(() => import('../features/study/pages/progress-page'));
const VideoPage = preloadable(() => import('../features/study/pages/video-page'));
const PersonalCenterPage = preloadable(() => import('../features/account/pages/personal-center-page'));
// plain markup: a phone opens it from the face check's QR code, a first visit
const CameraPage = preloadable(() => import('../features/camera/pages/camera-page'));
const ExamsPage = preloadable(() => import('../features/exams/pages/exams-page'));
// plain markup: a verifier's phone opens it from a certificate's QR code, a first visit
const CardPage = preloadable(() => import('../features/card/pages/card-page'));
// the console: its own chunks, loaded only by a training manager
const PeoplePage = preloadableWithAntd(() => import('../features/console/pages/people-page'));
const ClassesPage = preloadableWithAntd(() => import('../features/console/pages/classes-page'));
const AuditPage = preloadableWithAntd(() => import('../features/console/pages/audit-page'));
const EnquiriesPage = preloadableWithAntd(() => import('../features/console/pages/enquiries-page'));
const NoticesPage = preloadableWithAntd(() => import('../features/console/pages/notices-page'));
const OrganisationsPage = preloadableWithAntd(() => import('../features/console/pages/organisations-page'));
const QuestionsPage = preloadableWithAntd(() => import('../features/console/pages/questions-page'));
const CoursesPage = preloadableWithAntd(() => import('../features/console/pages/courses-page'));
const ReportsPage = preloadableWithAntd(() => import('../features/console/pages/reports-page'));
const DashboardPage = preloadableWithAntd(() => import('../features/console/pages/dashboard-page'));
const CertificatesPage = preloadableWithAntd(() => import('../features/console/pages/certificates-page'));
const FaceReviewPage = preloadableWithAntd(() => import('../features/console/pages/face-review-page'));
const SettingsPage = preloadableWithAntd(() => import('../features/console/pages/settings-page'));

/** Each page of the one page table (`@anxun/shared/pages`) and what it shows. */
const PAGE_COMPONENTS: Record<PagePath, ComponentType & { preload?: () => Promise<unknown> }> = {
  '/index': IndexPage,
  '/study': StudyPage,
  '/exams': ExamsPage,
  '/course': CoursePage,
  '/progress': ProgressPage,
  '/show': ShowPage,
  '/video': VideoPage,
  '/setting/personalCenter': PersonalCenterPage,
  '/manage/organisations': OrganisationsPage,
  '/manage/dashboard': DashboardPage,
  '/manage/people': PeoplePage,
  '/manage/classes': ClassesPage,
  '/manage/courses': CoursesPage,
  '/manage/questions': QuestionsPage,
  '/manage/enquiries': EnquiriesPage,
  '/manage/notices': NoticesPage,
  '/manage/reports': ReportsPage,
  '/manage/face-review': FaceReviewPage,
  '/manage/certificates': CertificatesPage,
  '/manage/settings': SettingsPage,
  '/manage/audit': AuditPage,
};

/** /manage: the operator's first console page, or the training manager's. */
function ManageHome() {
  const role = useUser((s) => s.role);
  return <Navigate to={role === 'super' ? '/manage/organisations' : '/manage/dashboard'} replace />;
}
// The shell is a chunk of its own too, so the login page does not download the layouts; it
// draws no antd itself (its menu, trail and tabs bring their own provider when drawn).
const ShellLayout = preloadable(() => import('../shell/shell-layout'));

/**
 * The code of the page a visit opens (the login page, or the layout and its page), asked
 * for while the app's own code starts instead of after its first render: one round trip
 * fewer on a phone, and the page is drawn in one pass. Settles when it is here or failed (the
 * route then asks again and reports it).
 */
export function preloadFirstPage(pathname: string): Promise<unknown> {
  // a guest opening a signed-in page (a bookmark, a link in a message) is sent to the login page
  if (opensOnLogin(pathname)) return LoginPage.preload().catch(() => undefined);
  if (pathname === '/card') return CardPage.preload().catch(() => undefined);
  if (pathname === '/camera') return CameraPage.preload().catch(() => undefined);
  const leaf = PAGE_COMPONENTS[(pathname === '/' ? '/index' : pathname) as PagePath] as
    (typeof PAGE_COMPONENTS)[PagePath] | undefined;
  if (leaf) return Promise.allSettled([ShellLayout.preload(), leaf.preload?.()]);
  return Promise.resolve();
}

/** Whether a visit to this page shows the login page (a guest on a page not open to guests). */
export function opensOnLogin(pathname: string): boolean {
  if (pathname === '/login') return true;
  const page = leafPages().find((p) => p.path === (pathname === '/' ? '/index' : pathname));
  return page !== undefined && !page.guest && !useUser.getState().token;
}

const page = (node: ReactNode) => (
  <LoadBoundary>
    <Suspense fallback={<div className="page-loading" />}>{node}</Suspense>
  </LoadBoundary>
);

const PUBLIC_TITLES: Record<string, string> = {
  '/login': 'route.login',
  '/register': 'route.register',
  '/callback': 'route.callback',
  '/403': 'route.forbidden',
  '/404': 'route.notFound',
  '/card': 'route.card',
  '/camera': 'route.camera',
};

/** Public pages have no layout; their titles are set here (layout pages set theirs in the shell). */
function PublicTitle() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const key = PUBLIC_TITLES[pathname];
  useEffect(() => {
    if (key) document.title = pageTitle(t(key), t('app.title'));
  }, [key, t]);
  return null;
}

function Root() {
  return (
    <>
      <NavigationProgress />
      <PublicTitle />
      <Outlet />
    </>
  );
}

const layoutPage = (path: string, Component: ComponentType) => ({
  path,
  element: page(<Component />),
});

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/login', element: page(<LoginPage />) },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/callback', element: page(<PublicPlaceholder text="route.callback" />) },
      { path: '/403', element: page(<ErrorPage status={403} />) },
      { path: '/404', element: page(<ErrorPage status={404} />) },
      { path: '/card', element: page(<CardPage />) },
      { path: '/camera', element: page(<CameraPage />) },
      {
        path: '/',
        element: <RequireSession>{page(<ShellLayout />)}</RequireSession>,
        children: [
          { index: true, element: <Navigate to="/index" replace /> },
          ...leafPages().map((p) => layoutPage(p.path.slice(1), PAGE_COMPONENTS[p.path as PagePath])),
          { path: 'manage', element: <ManageHome /> },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The app's routes (declarative mode: the data-router APIs are not needed and cost bytes). */
export function AppRoutes() {
  return useRoutes(routes);
}

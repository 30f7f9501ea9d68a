import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { useLocation } from 'react-router';
import { useSettings, type Layout as LayoutName } from '../stores/settings-store';
import { useTabs } from '../stores/tabs-store';
import { QueryProvider } from '../app/query-client';
import { Footer } from './footer';
import { HeaderWidgets } from './header-widgets';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { OrgLogo } from './org-logo';
import { pageTitle } from './page-title';
import { doneProgress, startProgress } from './progress';
import { findRoute } from './route-config';
import { useShellUi } from './ui-store';
import { useOnceTrue } from '../lib/use-once-true';
import { useIsMobile } from './use-is-mobile';
import { lazyWithAntd } from '../app/antd-lazy';

// loaded when first opened: the theme settings are not part of any page's first paint
const ThemeDrawer = lazyWithAntd(() => import('./theme-drawer').then((m) => ({ default: m.ThemeDrawer })));
// loaded when drawn: a guest's first screen on a phone shows no menu, trail or tabs, and their
// antd code (Menu, Breadcrumb, Dropdown, Tooltip) would stand between him and the page
const NavMenu = lazyWithAntd(() => import('./nav-menu').then((m) => ({ default: m.NavMenu })));
const Breadcrumbs = lazyWithAntd(() => import('./breadcrumbs').then((m) => ({ default: m.Breadcrumbs })));
const TabsBar = lazyWithAntd(() => import('./tabs-bar').then((m) => ({ default: m.TabsBar })));

/**
 * The main layout (spec §2): five layouts, horizontal by default; below 992 px always
 * vertical with a folded sidebar that folds again after each navigation. Plain markup
 * (header, aside, main; styles/base.css): the frame of every page draws no antd.
 */
export default function ShellLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const isMobile = useIsMobile();
  const settings = useSettings();
  const drawerWanted = useOnceTrue(useShellUi((u) => u.themeDrawerOpen));
  const [mobileOpen, setMobileOpen] = useState(false);
  // a phone's menu is drawn once first opened, and stays (it slides shut, submenus kept)
  const mobileMenuWanted = useOnceTrue(mobileOpen);
  const openTab = useTabs((s) => s.open);
  const [refreshKey, setRefreshKey] = useState(0);
  const layout: LayoutName = isMobile ? 'vertical' : settings.layout;
  const route = findRoute(location.pathname);
  const collapsed = isMobile ? !mobileOpen : settings.collapse;
  const content = useRef<HTMLElement>(null);

  useEffect(() => {
    if (isMobile) setMobileOpen(false);
    if (route) {
      const fullPath = location.pathname + location.search;
      openTab({
        path: location.pathname,
        fullPath,
        title: route.title,
        noClosable: route.noClosable,
        tabHidden: route.tabHidden,
        dynamicNewTab: route.dynamicNewTab,
      });
    }
  }, [location.pathname, location.search, isMobile, route, openTab]);

  useEffect(() => {
    document.title = pageTitle(route ? t(route.title) : undefined, t('app.title'));
  }, [route, t]);

  const toggleCollapse = () =>
    isMobile ? setMobileOpen((o) => !o) : settings.update({ collapse: !settings.collapse });
  const hasSider = layout !== 'horizontal';
  const topMenu = layout === 'horizontal' || layout === 'comprehensive';

  const header = (
    <header className={`shell-header${settings.fixedHeader && layout !== 'common' ? ' fixed' : ''}`}>
      {(!hasSider || layout === 'common') && <OrgLogo />}
      {hasSider && (
        <button
          type="button"
          className="header-widget fold"
          aria-label={t('header.toggleMenu')}
          onClick={toggleCollapse}
        >
          {collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
        </button>
      )}
      {/* a phone's header has no room for the trail (and never showed it) */}
      {/* the placeholders take the space the menu and trail will, so nothing moves when they come */}
      <Suspense fallback={<div className={topMenu ? 'nav-menu' : 'breadcrumbs'} />}>
        {topMenu ? <NavMenu mode="horizontal" /> : !isMobile && <Breadcrumbs />}
      </Suspense>
      <HeaderWidgets
        onRefresh={() => {
          // spec §4: the refresh progress bar finishes after 200 ms
          startProgress();
          setTimeout(doneProgress, 200);
          setRefreshKey((k) => k + 1);
        }}
      />
    </header>
  );

  const main = (
    <div className="shell-main">
      {layout !== 'common' && header}
      {settings.showTabs && (
        <Suspense fallback={<div className="tabs-bar" />}>
          <TabsBar />
        </Suspense>
      )}
      <main className="shell-content" id="main" tabIndex={-1} ref={content}>
        <KeepAliveOutlet refresh={refreshKey} />
      </main>
      {!route?.noFooter && <Footer />}
    </div>
  );

  return (
    <QueryProvider>
      <div className={`shell layout-${layout}${isMobile ? ' is-mobile' : ''}`} data-layout={layout}>
        {/* a keyboard's first stop: past the header and the menu to the page (a button, not
            href="#main": the router reads the hash) */}
        <button type="button" className="skip-link" onClick={() => content.current?.focus({ preventScroll: true })}>
          {t('header.skipToContent')}
        </button>
        {layout === 'common' && header}
        {/* the page's frame keeps its place in the tree whatever the layout: crossing 992 px
            (a tablet turned, a window narrowed) or another layout chosen must not remount the
            kept pages, which would lose a form's input and the player's unit */}
        <div className="shell-body">
          {hasSider && (
            <aside
              aria-label={t('header.menu')}
              className={`shell-sider column-${settings.columnStyle}${layout === 'column' ? ' wide' : ''}${collapsed ? ' collapsed' : ''}`}
            >
              {layout !== 'common' && <OrgLogo />}
              {/* a phone's menu is drawn when opened: folded it is 0 px wide, and the menu's code
                  and styles are no part of the first screen */}
              {(!isMobile || mobileMenuWanted) && (
                <Suspense fallback={null}>
                  <NavMenu mode="inline" collapsed={collapsed} />
                </Suspense>
              )}
            </aside>
          )}
          {isMobile && mobileOpen && <div className="sider-mask" onClick={() => setMobileOpen(false)} />}
          {main}
        </div>
        {drawerWanted && (
          <Suspense fallback={null}>
            <ThemeDrawer />
          </Suspense>
        )}
      </div>
    </QueryProvider>
  );
}

import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from '../lib/i18n';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSettings } from '../stores/settings-store';
import {
  afterClosing,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  useTabs,
  type VisitedTab,
} from '../stores/tabs-store';
import { menuIcon } from './icons';
import { findRoute } from './route-config';

type CloseAction = 'close' | 'others' | 'left' | 'right' | 'all';

/** Tabs bar (spec §2): visited pages; close one/others/left/right/all by right-click or the more-menu. */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const setTabs = useTabs((s) => s.set);
  const showIcon = useSettings((s) => s.showTabsBarIcon);
  const style = useSettings((s) => s.tabsBarStyle);
  const active = location.pathname + location.search;
  // Which tab's menu is open ('more' for the more-menu): controlled, so acting closes it.
  const [openMenu, setOpenMenu] = useState<string | null>(null);

  const run = (action: CloseAction, target: string) => {
    const next =
      action === 'close'
        ? closeTab(tabs, target)
        : action === 'others'
          ? closeOthers(tabs, target)
          : action === 'left'
            ? closeLeft(tabs, target)
            : action === 'right'
              ? closeRight(tabs, target)
              : closeAll(tabs);
    setTabs(next);
    setOpenMenu(null);
    const go = afterClosing(next, active);
    if (go) navigate(go);
  };

  const menu = (target: string): MenuProps => ({
    items: [
      { key: 'close', label: t('tabs.close'), disabled: tabs.find((x) => x.fullPath === target)?.noClosable },
      { key: 'others', label: t('tabs.others') },
      { key: 'left', label: t('tabs.left') },
      { key: 'right', label: t('tabs.right') },
      { key: 'all', label: t('tabs.all') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      run(key as CloseAction, target);
    },
  });

  const label = (tab: VisitedTab) => (
    <>
      {showIcon && menuIcon(findRoute(tab.path)?.icon)}
      <span>{t(tab.title)}</span>
    </>
  );

  return (
    <div className={`tabs-bar tabs-${style}`} data-testid="tabs-bar">
      {/* the tabs alone are the tablist: the more-menu's button beside them is not a tab */}
      <div className="tabs-scroll" role="tablist">
        {tabs.map((tab) => (
          <Dropdown
            key={tab.fullPath}
            trigger={['contextMenu']}
            menu={menu(tab.fullPath)}
            open={openMenu === tab.fullPath}
            onOpenChange={(open) => setOpenMenu(open ? tab.fullPath : null)}
          >
            <div
              role="tab"
              tabIndex={0}
              aria-selected={tab.fullPath === active}
              // the close icon is the mouse's; the keyboard closes a tab with Delete
              aria-keyshortcuts={tab.noClosable ? undefined : 'Delete'}
              className={`tab-item${tab.fullPath === active ? ' active' : ''}`}
              data-path={tab.fullPath}
              onClick={() => navigate(tab.fullPath)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') navigate(tab.fullPath);
                else if (e.key === 'Delete' && !tab.noClosable) run('close', tab.fullPath);
              }}
            >
              {label(tab)}
              {!tab.noClosable && (
                <CloseOutlined
                  className="tab-close"
                  aria-hidden="true"
                  onClick={(e) => {
                    e.stopPropagation();
                    run('close', tab.fullPath);
                  }}
                />
              )}
            </div>
          </Dropdown>
        ))}
      </div>
      <Dropdown
        menu={menu(active)}
        trigger={['click']}
        open={openMenu === 'more'}
        onOpenChange={(open) => setOpenMenu(open ? 'more' : null)}
      >
        <button type="button" className="tabs-more" aria-label={t('tabs.more')} data-testid="tabs-more">
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}

import { Button, Divider, Drawer, Form, Select, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import {
  COLUMN_STYLES,
  DEFAULT_SETTINGS,
  LAYOUTS,
  randomSkin,
  TAB_STYLES,
  THEMES,
  useSettings,
  type Settings,
} from '../stores/settings-store';
import { useShellUi } from './ui-store';
import { useIsMobile } from './use-is-mobile';

const RANDOM_SKIN_MASK_MS = 1000;

const pickSettings = (s: Settings): Settings => {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS)) out[key] = s[key as keyof Settings];
  return out as unknown as Settings;
};

/**
 * Theme drawer (spec §2/§5): right side, 280 px. Edits a draft; Save applies and closes,
 * Restore default resets and closes. Random skin and clear cache act at once.
 */
export function ThemeDrawer() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.themeDrawerOpen);
  const setOpen = useShellUi((s) => s.setThemeDrawerOpen);
  const settings = useSettings();
  const isMobile = useIsMobile();
  const [draft, setDraft] = useState<Settings>(() => pickSettings(settings));
  const [masked, setMasked] = useState(false);

  useEffect(() => {
    if (open) setDraft(pickSettings(useSettings.getState()));
  }, [open]);

  const patch = (p: Partial<Settings>) => setDraft((d) => ({ ...d, ...p }));
  const options = (values: readonly string[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));

  return (
    <Drawer
      title={t('theme.title')}
      placement="right"
      size={280}
      open={open}
      onClose={() => setOpen(false)}
      className="theme-drawer"
      footer={
        <div className="drawer-footer">
          <Button
            type="primary"
            onClick={() => {
              settings.update(draft);
              setOpen(false);
            }}
          >
            {t('theme.save')}
          </Button>
          <Button
            onClick={() => {
              settings.reset();
              setOpen(false);
            }}
          >
            {t('theme.restore')}
          </Button>
        </div>
      }
    >
      <Spin spinning={masked}>
        <Form layout="horizontal" labelCol={{ span: 10 }} wrapperCol={{ span: 14 }} labelAlign="left">
          <Form.Item label={t('theme.layout')}>
            <Select
              aria-label={t('theme.layout')}
              disabled={isMobile}
              value={isMobile ? 'vertical' : draft.layout}
              options={options(LAYOUTS, 'theme.layouts')}
              onChange={(layout) => patch({ layout })}
            />
          </Form.Item>
          <Form.Item label={t('theme.theme')}>
            <Select
              aria-label={t('theme.theme')}
              value={draft.themeName}
              options={options(THEMES, 'theme.themes')}
              onChange={(themeName) => patch({ themeName })}
            />
          </Form.Item>
          <Form.Item label={t('theme.columnStyle')}>
            <Select
              disabled={draft.layout !== 'column'}
              value={draft.columnStyle}
              options={options(COLUMN_STYLES, 'theme.columnStyles')}
              onChange={(columnStyle) => patch({ columnStyle })}
            />
          </Form.Item>
          <Form.Item label={t('theme.fixedHeader')}>
            <Switch
              disabled={draft.layout === 'common'}
              checked={draft.fixedHeader}
              onChange={(fixedHeader) => patch({ fixedHeader })}
            />
          </Form.Item>
          <Form.Item label={t('theme.showTabs')}>
            <Switch
              aria-label={t('theme.showTabs')}
              checked={draft.showTabs}
              onChange={(showTabs) => patch({ showTabs })}
            />
          </Form.Item>
          <Form.Item label={t('theme.tabIcon')}>
            <Switch
              disabled={!draft.showTabs}
              checked={draft.showTabsBarIcon}
              onChange={(showTabsBarIcon) => patch({ showTabsBarIcon })}
            />
          </Form.Item>
          <Form.Item label={t('theme.tabStyle')}>
            <Select
              disabled={!draft.showTabs}
              value={draft.tabsBarStyle}
              options={options(TAB_STYLES, 'theme.tabStyles')}
              onChange={(tabsBarStyle) => patch({ tabsBarStyle })}
            />
          </Form.Item>
          <Divider />
          {(
            [
              ['showLanguage', 'theme.showLanguage'],
              ['showSearch', 'theme.showSearch'],
              ['showNotice', 'theme.showNotice'],
              ['showFullScreen', 'theme.showFullScreen'],
              ['showRefresh', 'theme.showRefresh'],
              ['showProgressBar', 'theme.showProgressBar'],
            ] as const
          ).map(([key, label]) => (
            <Form.Item key={key} label={t(label)}>
              <Switch aria-label={t(label)} checked={draft[key]} onChange={(v) => patch({ [key]: v })} />
            </Form.Item>
          ))}
          <Form.Item label={t('theme.language')}>
            <Select
              aria-label={t('theme.language')}
              value={draft.language}
              options={[
                { value: 'zh', label: '中文简体' },
                { value: 'en', label: 'English' },
              ]}
              onChange={(language) => patch({ language })}
            />
          </Form.Item>
        </Form>
        <Divider />
        <div className="drawer-actions">
          <Button
            block
            onClick={() => {
              setMasked(true);
              const next = randomSkin(useSettings.getState(), isMobile);
              settings.update(next);
              setDraft((d) => ({ ...d, ...next }));
              setTimeout(() => setMasked(false), RANDOM_SKIN_MASK_MS);
            }}
          >
            {t('theme.random')}
          </Button>
          <Button
            block
            danger
            onClick={() => {
              localStorage.clear();
              location.reload();
            }}
          >
            {t('theme.clearCache')}
          </Button>
        </div>
      </Spin>
    </Drawer>
  );
}

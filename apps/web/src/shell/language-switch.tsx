import { Dropdown } from 'antd';
import { useSettings } from '../stores/settings-store';

/**
 * Chinese / English (spec §2): every text and antd's locale follow it. Its name is in both
 * languages: it is what a reader of the other one looks for.
 */
export function LanguageSwitch() {
  const language = useSettings((s) => s.language);
  const update = useSettings((s) => s.update);
  return (
    <Dropdown
      menu={{
        selectedKeys: [language],
        items: [
          { key: 'zh', label: '中文简体' },
          { key: 'en', label: 'English' },
        ],
        onClick: ({ key }) => update({ language: key as 'zh' | 'en' }),
      }}
    >
      <button type="button" className="header-widget" data-testid="language-switch" aria-label="语言 Language">
        {language === 'zh' ? '中' : 'EN'}
      </button>
    </Dropdown>
  );
}

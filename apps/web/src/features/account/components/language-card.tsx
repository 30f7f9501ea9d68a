import { useTranslation } from '../../../lib/i18n';
import { useSettings } from '../../../stores/settings-store';

/**
 * 语言 Language: where a learner looks for it (个人中心), as the login and register pages offer
 * it — the header's switch is off by default (spec §2), and the theme drawer holds it among
 * layout settings. Named in both languages: it is what a reader of the other one looks for.
 */
export function LanguageCard() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const update = useSettings((s) => s.update);
  return (
    <div className="account-card plain-panel" data-testid="language-card">
      <h2 className="account-card-title">{t('account.language')}</h2>
      <p className="account-hint">{t('account.languageHint')}</p>
      <div className="account-actions" role="group" aria-label="语言 Language">
        {(['zh', 'en'] as const).map((l) => (
          <button
            key={l}
            type="button"
            className={`plain-btn${language === l ? ' primary' : ''}`}
            aria-pressed={language === l}
            data-testid={`account-language-${l}`}
            onClick={() => update({ language: l })}
          >
            {l === 'zh' ? '中文' : 'English'}
          </button>
        ))}
      </div>
    </div>
  );
}

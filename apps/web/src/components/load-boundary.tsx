import { Component, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="load-failed" role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" onClick={() => location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}

/**
 * What a page or dialog whose code would not load (network down, a release removed its files)
 * shows instead of a blank screen: a word and a reload button. The first failure already
 * reloads once (main.tsx, vite:preloadError); this catches what is left.
 */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

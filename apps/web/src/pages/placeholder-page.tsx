import { Empty } from 'antd';
import { useTranslation } from '../lib/i18n';

/** A layout page whose content arrives with its feature issue: a clear empty state. */
export default function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="page placeholder-page" data-testid="placeholder-page">
      <h2>{t(title)}</h2>
      <Empty description={t('page.comingSoon')} />
    </section>
  );
}

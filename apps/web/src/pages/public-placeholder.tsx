import { Result } from 'antd';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';

/** /card, /camera and /callback: public pages whose features come in later issues. */
export default function PublicPlaceholder({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <Result status="info" title={t(text)} extra={<Link to="/">{t('page.backHome')}</Link>} />
    </main>
  );
}

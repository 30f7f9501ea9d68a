import { Button, Result } from 'antd';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';

export default function ErrorPage({ status }: { status: 403 | 404 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status={status}
        title={status}
        subTitle={t(status === 404 ? 'page.notFound' : 'page.forbidden')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('page.backHome')}
          </Button>
        }
      />
    </main>
  );
}

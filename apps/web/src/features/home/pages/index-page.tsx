import { Button, Card } from 'antd';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { useUser } from '../../../stores/user-store';
import { greetingKey } from '../../../shell/greeting';

/** 首页: a greeting and the way into study; course lists arrive with the learning core. */
export default function IndexPage() {
  const { t } = useTranslation();
  const username = useUser((s) => s.username);
  const token = useUser((s) => s.token);
  const navigate = useNavigate();
  return (
    <section className="page home-page">
      <Card className="home-hero">
        <h1>
          {t(`greeting.${greetingKey(new Date().getHours())}`)}
          {token ? `${t('greeting.separator')}${username}` : ''}
        </h1>
        <p>{t('app.title')}</p>
        <Button type="primary" onClick={() => navigate('/study')}>
          {t('header.myStudy')}
        </Button>
      </Card>
    </section>
  );
}

import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useNotices } from '../../../lib/notices';

/** How far back 我的学习 shows announcements; older ones stay in 个人中心's 我的消息. */
const RECENT_DAYS = 30;
const SHOWN = 3;

/**
 * 最新通知 on 我的学习: the newest announcements of the last 30 days (his organisation's and his
 * classes'), where a learner looks every time. The header's notice widget is off by default
 * (spec §2), so a class's announcement was only in 个人中心. Nothing is drawn without one.
 */
export function RecentNotices() {
  const { t } = useTranslation();
  const { data } = useNotices();
  const since = Date.now() - RECENT_DAYS * 24 * 3600 * 1000;
  const recent = (data?.list ?? [])
    .filter((n) => n.kind === 'notice' && Date.parse(n.createTime) >= since)
    .sort((a, b) => Date.parse(b.createTime) - Date.parse(a.createTime))
    .slice(0, SHOWN);
  if (recent.length === 0) return null;
  return (
    <section className="recent-notices plain-panel" aria-labelledby="recent-notices-title" data-testid="recent-notices">
      <div className="recent-notices-head">
        <h2 id="recent-notices-title">{t('study.notices.title')}</h2>
        <Link className="plain-link" to="/setting/personalCenter">
          {t('study.notices.all')}
        </Link>
      </div>
      <ul>
        {recent.map((n) => (
          <li key={n.id}>
            <div className="recent-notice-title">
              <strong>{n.title}</strong>
              <time dateTime={n.createTime}>{formatDateTime(n.createTime)}</time>
            </div>
            <p>{n.notice}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

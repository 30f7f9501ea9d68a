import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useNotices } from '../../../lib/notices';

/**
 * 我的消息: what the platform told this learner — a voided face check and the credit it took
 * back, a certificate withdrawn, revoked or renewed. The header's notice widget is off by
 * default (spec §2), so they are here too, where he looks after his certificate. Shown only
 * when there is something to show.
 */
export function MessagesCard() {
  const { t } = useTranslation();
  const { data } = useNotices();
  const notices = (data?.list ?? []).filter((n) => n.kind === 'notice');
  if (notices.length === 0) return null;
  return (
    <div className="account-card plain-panel" data-testid="messages-card">
      <h2 className="account-card-title">{t('account.messages')}</h2>
      <ul className="message-list">
        {notices.map((n) => (
          <li key={n.id} className="message-item">
            <div className="message-title">
              <strong>{n.title}</strong>
              <span className="message-time">{formatDateTime(n.createTime)}</span>
            </div>
            <p>{n.notice}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

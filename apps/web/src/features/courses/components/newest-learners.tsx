import { Panel } from '../../../components/panel';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useNewestLearners } from '../api/online-api';

/** 最新学员 on the home page: who joined the organisation's classes lately (names masked). */
export function NewestLearners() {
  const { t } = useTranslation();
  const { data, isPending } = useNewestLearners();
  return (
    <Panel
      size="small"
      title={t('online.newestLearners')}
      className="home-block newest-learners"
      data-testid="newest-learners"
    >
      {/* plain markup: antd's List, Avatar and Skeleton are no part of a guest's first visit */}
      {isPending ? (
        <div className="newest-loading" aria-busy="true">
          <div className="skeleton-line" />
          <div className="skeleton-line" />
        </div>
      ) : !data?.length ? (
        <p className="home-empty">{t('online.noLearners')}</p>
      ) : (
        <ul className="newest-learner-list">
          {data.map((l, i) => (
            <li key={`${i}-${l.name}-${l.joinedAt}`}>
              <span className="letter-avatar" aria-hidden>
                {l.name.slice(0, 1)}
              </span>
              <div>
                <div className="newest-learner-name">{l.name}</div>
                <div className="newest-learner-meta">
                  {l.className} · <span className="nowrap">{formatDateTime(l.joinedAt)}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

import { Avatar, Empty, Skeleton } from 'antd';
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
      {/* plain markup: antd's List brings its Pagination and Select into a guest's first visit */}
      {isPending ? (
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      ) : !data?.length ? (
        <Empty description={t('online.noLearners')} />
      ) : (
        <ul className="newest-learner-list">
          {data.map((l, i) => (
            <li key={`${i}-${l.name}-${l.joinedAt}`}>
              <Avatar>{l.name.slice(0, 1)}</Avatar>
              <div>
                <div className="newest-learner-name">{l.name}</div>
                <div className="newest-learner-meta">{`${l.className} · ${formatDateTime(l.joinedAt)}`}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

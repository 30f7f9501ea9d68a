import { Avatar, Card, Empty, List } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useNewestLearners } from '../api/online-api';

/** 最新学员 on the home page: who joined the organisation's classes lately (names masked). */
export function NewestLearners() {
  const { t } = useTranslation();
  const { data, isPending } = useNewestLearners();
  return (
    <Card
      size="small"
      title={t('online.newestLearners')}
      className="home-block newest-learners"
      data-testid="newest-learners"
    >
      <List
        loading={isPending}
        dataSource={data ?? []}
        locale={{ emptyText: <Empty description={t('online.noLearners')} /> }}
        renderItem={(l) => (
          <List.Item>
            <List.Item.Meta
              avatar={<Avatar>{l.name.slice(0, 1)}</Avatar>}
              title={l.name}
              description={`${l.className} · ${formatDateTime(l.joinedAt)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

import BellOutlined from '@ant-design/icons/BellOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Empty, List, Popover, Tabs } from 'antd';
import type { NoticeItem } from '@anxun/shared/schemas/shell';
import { api } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';
import { useNotices } from '../lib/notices';
import { notifySuccess } from '../lib/notify';

const NOTICE_AVATAR_SIZE = 45;

/** Notice popover (spec §2): notice and email tabs, a badge that is empty at 0, clear all. */
export function NoticePopover() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useNotices();
  const list = data?.list ?? [];

  const clear = async () => {
    await api.post('/notice/clear');
    notifySuccess('清空消息成功');
    await client.invalidateQueries({ queryKey: ['notices'] });
  };

  const pane = (kind: NoticeItem['kind']) => {
    const items = list.filter((n) => n.kind === kind);
    return items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    ) : (
      <List
        dataSource={items}
        renderItem={(n) => (
          <List.Item>
            <List.Item.Meta
              avatar={
                <Avatar size={NOTICE_AVATAR_SIZE} src={n.image ?? undefined}>
                  {n.title.slice(0, 1)}
                </Avatar>
              }
              title={n.title}
              description={kind === 'notice' ? n.notice : n.email}
            />
          </List.Item>
        )}
      />
    );
  };

  return (
    <Popover
      trigger="click"
      // centred under the bell, antd slides it into view where the screen ends (bottomRight
      // only flips): a phone's header puts the bell left of the user's menu
      placement="bottom"
      content={
        <div className="notice-popover">
          <Tabs
            items={[
              { key: 'notice', label: t('notice.notice'), children: pane('notice') },
              { key: 'email', label: t('notice.email'), children: pane('email') },
            ]}
          />
          <Button block onClick={() => void clear()} disabled={!data?.total}>
            {t('notice.clear')}
          </Button>
        </div>
      }
    >
      <button
        type="button"
        className="header-widget"
        // the badge's count is text on the button: its name says it too
        aria-label={data?.total ? `${t('notice.notice')} ${data.total}` : t('notice.notice')}
        data-testid="notice-widget"
      >
        <Badge count={data?.total ?? 0} size="small" offset={[4, -2]}>
          <BellOutlined style={{ color: 'var(--header-text)', fontSize: 16 }} />
        </Badge>
      </button>
    </Popover>
  );
}

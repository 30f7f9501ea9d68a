import BugOutlined from '@ant-design/icons/BugOutlined';
import { Badge } from 'antd';

/** The header's bug icon with the number of captured errors. */
export default function ErrorBadge({ count }: { count: number }) {
  return (
    <Badge count={count} size="small">
      <BugOutlined style={{ color: 'var(--header-text)', fontSize: 16 }} />
    </Badge>
  );
}

import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Button, Input } from 'antd';
import type { SearchProps } from 'antd/es/input';
import { useTranslation } from '../../../lib/i18n';

/**
 * antd's search field with its button named 搜索: antd's own icon button is named by the icon,
 * in English ("search"). antd keeps the button's click and loading when it is a Button.
 */
export function SearchBox(props: SearchProps) {
  const { t } = useTranslation();
  return (
    <Input.Search
      enterButton={<Button icon={<SearchOutlined aria-hidden />} aria-label={t('search.title')} />}
      {...props}
    />
  );
}

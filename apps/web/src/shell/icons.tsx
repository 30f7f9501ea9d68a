import BookOutlined from '@ant-design/icons/BookOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import type { ReactNode } from 'react';

// Deep imports keep the bundle to the icons the menu uses.
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  book: <BookOutlined />,
  edit: <EditOutlined />,
  file: <FileTextOutlined />,
  setting: <SettingOutlined />,
};

export const menuIcon = (name: string | undefined): ReactNode => (name ? ICONS[name] : undefined);

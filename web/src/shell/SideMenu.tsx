import {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CommentOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GiftOutlined,
  KeyOutlined,
  PictureOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isAdmin, useSessionUser } from '../session/session-store.ts';
import { useStatus } from '../status/status.ts';
import { buildMenu, type MenuEntry } from './menu-items.ts';

const ICONS: Record<string, ReactNode> = {
  playground: <ExperimentOutlined />,
  chat: <CommentOutlined />,
  dashboard: <BarChartOutlined />,
  token: <KeyOutlined />,
  log: <FileTextOutlined />,
  drawing: <PictureOutlined />,
  task: <ScheduleOutlined />,
  wallet: <WalletOutlined />,
  personal: <UserOutlined />,
  channel: <ApiOutlined />,
  redemption: <GiftOutlined />,
  user: <TeamOutlined />,
  setting: <SettingOutlined />,
};

type Item = NonNullable<MenuProps['items']>[number];

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = buildMenu(useStatus(), isAdmin(useSessionUser()));

  const toItem = (entry: MenuEntry): Item => ({
    key: entry.path,
    icon: entry.icon ? (ICONS[entry.icon] ?? <AppstoreOutlined />) : undefined,
    label: entry.text ?? t(entry.label ?? ''),
    children: entry.children?.map(toItem),
  });
  const items: Item[] = groups.map((group, index) =>
    group.label
      ? { type: 'group', key: group.label, label: t(group.label), children: group.entries.map(toItem) }
      : { type: 'group', key: `group-${index}`, children: group.entries.map(toItem) },
  );

  return (
    <Menu
      mode="inline"
      selectedKeys={[pathname]}
      items={items}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}

import { MenuOutlined, MoonOutlined, SunOutlined, TranslationOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Layout, Space, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { request } from '../api/client.ts';
import { showError, showSuccess } from '../components/feedback.ts';
import { changeLanguage } from '../i18n/index.ts';
import { setSessionUser, useSessionUser } from '../session/session-store.ts';
import { useStatus } from '../status/status.ts';
import { FestiveButton } from './FestiveButton.tsx';
import { useThemeMode } from './theme.tsx';

export function TopBar({ isMobile, onMenuToggle }: { isMobile: boolean; onMenuToggle?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const status = useStatus();
  const user = useSessionUser();
  const { mode, setMode } = useThemeMode();
  const { token } = theme.useToken();

  const logout = async () => {
    try {
      await request('GET', '/api/user/logout');
    } catch (error) {
      showError(error);
    }
    setSessionUser(null);
    showSuccess(t('shell.loggedOut'));
    navigate('/login');
  };

  const links = [
    { to: '/', label: t('shell.home') },
    { to: '/token', label: t('shell.console') },
    { to: '/pricing', label: t('shell.pricing') },
    { to: '/about', label: t('shell.about') },
  ];

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '0 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {onMenuToggle && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('shell.menuToggle')}
          onClick={onMenuToggle}
        />
      )}
      <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {status?.logo && <img src={status.logo} alt="" style={{ height: 28 }} />}
        <Typography.Text strong style={{ fontSize: 16 }}>
          {status?.system_name || 'Relaygate'}
        </Typography.Text>
      </Link>
      {status?.self_use_mode_enabled && <Tag color="purple">{t('shell.selfUse')}</Tag>}
      {status?.demo_site_enabled && <Tag color="orange">{t('shell.demo')}</Tag>}
      {!isMobile && (
        <Space size={4} wrap={false}>
          {links.map((link) => (
            <Link key={link.to} to={link.to}>
              <Button type="text">{link.label}</Button>
            </Link>
          ))}
          {status?.docs_link && (
            <Button type="text" href={status.docs_link} target="_blank" rel="noreferrer">
              {t('shell.docs')}
            </Button>
          )}
        </Space>
      )}
      <Flex gap={4} align="center" style={{ marginLeft: 'auto' }}>
        <FestiveButton />
        <Button
          type="text"
          data-testid="theme-toggle"
          aria-label={mode === 'dark' ? t('shell.themeLight') : t('shell.themeDark')}
          icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
          onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
        />
        <Dropdown
          menu={{
            selectedKeys: [i18n.language],
            items: [
              { key: 'zh', label: '中文' },
              { key: 'en', label: 'English' },
            ],
            onClick: ({ key }) => changeLanguage(key as 'zh' | 'en'),
          }}
        >
          <Button
            type="text"
            data-testid="language-menu"
            aria-label={t('shell.language')}
            icon={<TranslationOutlined />}
          />
        </Dropdown>
        {user ? (
          <Dropdown
            menu={{ items: [{ key: 'logout', label: t('shell.logout') }], onClick: () => void logout() }}
          >
            <Button type="text" data-testid="user-menu" style={{ paddingInline: 4 }}>
              <Avatar size="small" style={{ background: token.colorPrimary }}>
                {(user.username[0] ?? '?').toUpperCase()}
              </Avatar>
              {!isMobile && <span>{user.display_name || user.username}</span>}
            </Button>
          </Dropdown>
        ) : (
          <>
            <Link to="/login">
              <Button type="text">{t('shell.login')}</Button>
            </Link>
            {!isMobile && !status?.self_use_mode_enabled && (
              <Link to="/register">
                <Button type="text">{t('shell.register')}</Button>
              </Link>
            )}
          </>
        )}
      </Flex>
    </Layout.Header>
  );
}

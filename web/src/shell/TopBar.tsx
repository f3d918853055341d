import { MenuOutlined, MoonOutlined, SunOutlined, TranslationOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Layout, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { request } from '../api/client.ts';
import { showError, showSuccess } from '../api/feedback.ts';
import { changeLanguage } from '../i18n/index.ts';
import { setSessionUser, useSessionUser } from '../session/session-store.ts';
import { DEFAULT_SYSTEM_NAME, useStatus } from '../status/status.ts';
import { FestiveButton } from './FestiveButton.tsx';
import { SiteLinks } from './SiteLinks.tsx';
import { canRegister } from './site-links.ts';
import { useThemeMode } from './theme.tsx';

/** The top bar's height; the side menu sticks right below it. */
export const TOP_BAR_HEIGHT = 64;

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

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: TOP_BAR_HEIGHT,
        lineHeight: `${TOP_BAR_HEIGHT}px`,
        display: 'flex',
        alignItems: 'center',
        gap: isMobile ? 4 : 12,
        padding: isMobile ? '0 8px' : '0 16px',
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
      <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
        {status?.logo && <img src={status.logo} alt="" style={{ height: 28 }} />}
        <Typography.Text strong ellipsis style={{ fontSize: 16 }}>
          {status?.system_name || DEFAULT_SYSTEM_NAME}
        </Typography.Text>
      </Link>
      {!isMobile && status?.self_use_mode_enabled && <Tag color="purple">{t('shell.selfUse')}</Tag>}
      {!isMobile && status?.demo_site_enabled && <Tag color="orange">{t('shell.demo')}</Tag>}
      {!isMobile && <SiteLinks user={user !== null} phone={false} />}
      <Flex gap={isMobile ? 0 : 4} align="center" style={{ marginLeft: 'auto' }}>
        {isMobile && <SiteLinks user={user !== null} phone />}
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
            {!isMobile && canRegister(status) && (
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

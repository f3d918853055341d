import { Drawer, Layout, theme } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIsMobile } from '../components/use-is-mobile.ts';
import { StorageKey, readText, writeText } from '../lib/storage.ts';
import { DefaultPasswordGate } from './DefaultPasswordGate.tsx';
import { useDefaultPassword } from './use-default-password.ts';
import { useSessionUser } from '../session/session-store.ts';
import { useStatus } from '../status/status.ts';
import { Footer } from './Footer.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TOP_BAR_HEIGHT, TopBar } from './TopBar.tsx';
import { isChatPath, sidebarHiddenOn } from './menu-items.ts';
import { usePageTitle } from './use-page-title.ts';

/**
 * Top bar, side menu (a drawer on narrow screens), the routed screen and the footer. The top bar and
 * the side menu stay in place while the page scrolls; the side menu scrolls on its own when taller
 * than the window.
 */
export function AppLayout() {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const status = useStatus();
  const { token } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const storedCollapse = readText(StorageKey.sidebarCollapsed);
  const [collapsed, setCollapsed] = useState(
    storedCollapse === null ? !!status?.default_collapse_sidebar : storedCollapse === 'true',
  );
  usePageTitle();
  // Behind the default-password dialog the screen is not drawn: its queries would all be refused.
  const { held } = useDefaultPassword();
  // The console menu is for signed-in users; the sign-in pages, home and chat pages use the full width.
  const signedIn = useSessionUser() !== null;
  const showSider = !isMobile && signedIn && !sidebarHiddenOn(pathname);
  // A chat page is one frame filling the window below the top bar: no padding, no footer, no scroll.
  const framed = isChatPath(pathname);

  return (
    <Layout style={framed ? { height: '100dvh' } : { minHeight: '100vh' }}>
      <TopBar
        isMobile={isMobile}
        onMenuToggle={isMobile && signedIn ? () => setDrawerOpen(true) : undefined}
      />
      <Layout>
        {showSider && (
          <Layout.Sider
            collapsible
            collapsed={collapsed}
            onCollapse={(value) => {
              setCollapsed(value);
              writeText(StorageKey.sidebarCollapsed, String(value));
            }}
            width={200}
            theme="light"
            style={{
              background: token.colorBgContainer,
              position: 'sticky',
              top: TOP_BAR_HEIGHT,
              height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
              overflowY: 'auto',
            }}
            data-testid="sidebar"
          >
            <SideMenu />
          </Layout.Sider>
        )}
        {isMobile && (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={240}
            styles={{ body: { padding: 0 } }}
          >
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
        <Layout style={{ minWidth: 0 }}>
          <Layout.Content
            style={
              framed
                ? { display: 'flex', flexDirection: 'column', minWidth: 0 }
                : { padding: isMobile ? 8 : 24, minWidth: 0 }
            }
          >
            {!held && <Outlet />}
          </Layout.Content>
          {!framed && <Footer />}
        </Layout>
      </Layout>
      <DefaultPasswordGate />
    </Layout>
  );
}

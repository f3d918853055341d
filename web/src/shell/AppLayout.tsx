import { Drawer, Layout, theme } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { StorageKey, readText, writeText } from '../lib/storage.ts';
import { useSessionUser } from '../session/session-store.ts';
import { useStatus } from '../status/status.ts';
import { Footer } from './Footer.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { isChatPath, sidebarHiddenOn } from './menu-items.ts';
import { useIsMobile } from './use-is-mobile.ts';

/** Top bar, side menu (a drawer on narrow screens), the routed screen and the footer. */
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
            style={{ background: token.colorBgContainer }}
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
        <Layout.Content
          style={
            framed
              ? { display: 'flex', flexDirection: 'column', minWidth: 0 }
              : { padding: isMobile ? 8 : 24, minWidth: 0 }
          }
        >
          <Outlet />
        </Layout.Content>
      </Layout>
      {!framed && <Footer />}
    </Layout>
  );
}

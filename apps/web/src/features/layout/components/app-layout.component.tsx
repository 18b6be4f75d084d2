import { Drawer, Layout, Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useIsNarrow, useIsWide } from '../../../shared/hooks/use-media-query.hook';
import { RealtimeBindings } from './realtime-bindings.component';
import { Brand } from './brand.component';
import { SideMenu } from './side-menu.component';
import { TopBar } from './top-bar.component';

export const DRAWER_WIDTH = 250;
export const DRAWER_COLLAPSED_WIDTH = 64;

/**
 * The signed-in shell (spec 000 section 2): a collapsible drawer that is an overlay under 600 px
 * and open by default over 1200 px, the top bar, and the page.
 */
export function AppLayout() {
  const narrow = useIsNarrow();
  const wide = useIsWide();
  const [collapsed, setCollapsed] = useState(!wide);
  const [overlayOpen, setOverlayOpen] = useState(false);

  useEffect(() => setCollapsed(!wide), [wide]);
  useEffect(() => setOverlayOpen(false), [narrow]);

  const drawerOpen = narrow ? overlayOpen : !collapsed;
  const toggle = () => (narrow ? setOverlayOpen((open) => !open) : setCollapsed((value) => !value));

  return (
    <Layout className="app-shell">
      {narrow ? (
        <Drawer
          placement="left"
          open={overlayOpen}
          onClose={() => setOverlayOpen(false)}
          size={DRAWER_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
          rootClassName="app-drawer-overlay"
          data-testid="drawer-overlay"
        >
          <Brand />
          <SideMenu collapsed={false} onNavigate={() => setOverlayOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          className="app-sider"
          width={DRAWER_WIDTH}
          collapsedWidth={DRAWER_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          data-testid="drawer"
        >
          <Brand collapsed={collapsed} />
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <TopBar drawerOpen={drawerOpen} onToggleDrawer={toggle} />
        <Layout.Content className="app-content">
          <Suspense
            fallback={
              <div className="full-page-center">
                <Spin />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <RealtimeBindings />
    </Layout>
  );
}

import { Badge, Menu, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { APP_VERSION } from '../../../shared/config/app-config';
import { ROUTE_GROUPS, type AppRoute } from '../../../routes/route-table';
import { useVersionQuery } from '../../auth/api/auth.api';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useUnreadChats } from '../../chats/hooks/use-unread-chats.hook';
import { useConnectionsAttention } from '../../connections/hooks/use-connections-attention.hook';
import { useMenuRoutes } from '../hooks/use-menu-routes.hook';

type MenuItem = Required<MenuProps>['items'][number];

function selectedKey(pathname: string, routes: readonly AppRoute[]): string | undefined {
  const exact = routes.find((route) => route.path === pathname);
  if (exact) return exact.path;
  return routes.find((route) => route.path !== '/' && matchPath({ path: route.path, end: false }, pathname))?.path;
}

/** The drawer's content: items by role and plan, admin items under their heading, version footer. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('routes');
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { main, admin } = useMenuRoutes();
  const connectionsAttention = useConnectionsAttention(admin.some((route) => route.badge === 'connections'));
  const unreadChats = useUnreadChats(
    user.id,
    main.some((route) => route.badge === 'chats'),
  );

  const label = (route: AppRoute) => {
    const text = t(route.key);
    if (route.badge === 'connections' && connectionsAttention) {
      return (
        <Badge count="!" size="small" offset={[10, 0]} data-testid="connections-badge">
          <span>{text}</span>
        </Badge>
      );
    }
    if (route.badge === 'chats' && unreadChats) {
      return (
        <Badge dot offset={[6, 0]} data-testid="chats-unread">
          <span>{text}</span>
        </Badge>
      );
    }
    return text;
  };

  const item = (route: AppRoute): MenuItem => {
    const Icon = route.icon;
    return { key: route.path, icon: Icon ? <Icon /> : undefined, label: label(route), 'data-route': route.key } as MenuItem;
  };

  const withGroups = (routes: AppRoute[]): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const route of routes) {
      if (!route.group) {
        items.push(item(route));
        continue;
      }
      const group = ROUTE_GROUPS.find((candidate) => candidate.key === route.group);
      if (!group || items.some((existing) => existing?.key === `group:${group.key}`)) continue;
      const GroupIcon = group.icon;
      items.push({
        key: `group:${group.key}`,
        icon: <GroupIcon />,
        label: t(`group.${group.key}`),
        children: routes.filter((candidate) => candidate.group === group.key).map(item),
      });
    }
    return items;
  };

  const items: MenuItem[] = [...withGroups(main)];
  if (admin.length > 0) {
    // Admin items sit under the administration heading (a divider while the drawer is collapsed).
    if (collapsed) items.push({ type: 'divider' }, ...withGroups(admin));
    else items.push({ type: 'group', key: 'admin', label: t('administration'), children: withGroups(admin) });
  }

  const allRoutes = [...main, ...admin];
  const selected = selectedKey(pathname, allRoutes);

  return (
    <nav className="side-menu" aria-label={t('navigation')}>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={allRoutes.some((route) => route.group && route.path === selected) ? ['group:campaigns'] : []}
        items={items}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 'none' }}
      />
      <VersionFooter collapsed={collapsed} />
    </nav>
  );
}

function VersionFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('layout');
  const { data } = useVersionQuery();
  return (
    <div className="side-menu-footer" data-testid="version-footer">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {collapsed ? APP_VERSION : t('version', { version: APP_VERSION })}
      </Typography.Text>
      {!collapsed && data?.version ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('serverVersion', { version: data.version })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

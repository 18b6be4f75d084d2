import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '../../../shared/hooks/use-media-query.hook';
import { AnnouncementsPopover } from '../../announcements/components/announcements-popover.component';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { ChatsPopover } from '../../chats/components/chats-popover.component';
import { NotificationsBell } from '../../notifications/components/notifications-bell.component';
import { LanguageSwitch } from '../../preferences/components/language-switch.component';
import { ThemeToggle } from '../../preferences/components/theme-toggle.component';
import { VolumeControl } from '../../preferences/components/volume-control.component';
import { AccountMenu } from './account-menu.component';
import { Welcome } from './welcome.component';

/** Top bar: drawer toggle, greeting, theme, volume, refresh, notifications, announcements, chats (plan useInternalChat), language, account. */
export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation('layout');
  const narrow = useIsNarrow();
  const user = useSessionUser();
  return (
    <Layout.Header className="app-header">
      <Button
        type="text"
        aria-label={drawerOpen ? t('drawer.close') : t('drawer.open')}
        data-testid="drawer-toggle"
        icon={drawerOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleDrawer}
      />
      <div className="app-header-greeting">{narrow ? null : <Welcome />}</div>
      <Flex align="center" gap={2} className="app-header-actions">
        <ThemeToggle />
        <VolumeControl />
        <Tooltip title={t('refresh')}>
          <Button type="text" shape="circle" aria-label={t('refresh')} icon={<ReloadOutlined />} onClick={() => window.location.reload()} />
        </Tooltip>
        <NotificationsBell />
        <AnnouncementsPopover />
        {user.company.plan.useInternalChat === true ? <ChatsPopover /> : null}
        <LanguageSwitch />
        <AccountMenu />
      </Flex>
    </Layout.Header>
  );
}

import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../auth/hooks/use-logout.hook';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { UserFormModal } from '../../users/components/user-form.modal';

/** Avatar menu: edit my profile, log out. */
export function AccountMenu() {
  const { t } = useTranslation('layout');
  const user = useSessionUser();
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: <span data-testid="account-profile">{t('account.profile')}</span> },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              danger: true,
              label: <span data-testid="account-logout">{t('account.logout')}</span>,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') setProfileOpen(true);
            if (key === 'logout') void logout();
          },
        }}
      >
        <Button type="text" shape="circle" aria-label={t('account.menu')} data-testid="account-menu" style={{ padding: 0 }}>
          <Avatar size={30} style={{ backgroundColor: 'var(--ant-color-primary)' }}>
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
        </Button>
      </Dropdown>
      <UserFormModal open={profileOpen} userId={user.id} onClose={() => setProfileOpen(false)} />
    </>
  );
}

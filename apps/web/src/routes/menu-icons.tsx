import { lazy, Suspense, type ComponentType } from 'react';
import type * as MenuIconSet from './menu-icon-set';

/** The drawer's icons, one chunk fetched with the signed-in shell (menu-icon-set.tsx), not with the login screen. */
const iconSet = () => import('./menu-icon-set');

type IconName = keyof typeof MenuIconSet;

function menuIcon(name: IconName): ComponentType {
  const Icon = lazy(() => iconSet().then((module) => ({ default: module[name] })));
  function MenuIcon() {
    return (
      <Suspense fallback={<span className="anticon" />}>
        <Icon />
      </Suspense>
    );
  }
  MenuIcon.displayName = name;
  return MenuIcon;
}

export const AlertOutlined = menuIcon('AlertOutlined');
export const ApartmentOutlined = menuIcon('ApartmentOutlined');
export const ApiOutlined = menuIcon('ApiOutlined');
export const AuditOutlined = menuIcon('AuditOutlined');
export const BranchesOutlined = menuIcon('BranchesOutlined');
export const CalendarOutlined = menuIcon('CalendarOutlined');
export const CheckSquareOutlined = menuIcon('CheckSquareOutlined');
export const CodeOutlined = menuIcon('CodeOutlined');
export const CommentOutlined = menuIcon('CommentOutlined');
export const ContactsOutlined = menuIcon('ContactsOutlined');
export const ControlOutlined = menuIcon('ControlOutlined');
export const CustomerServiceOutlined = menuIcon('CustomerServiceOutlined');
export const DashboardOutlined = menuIcon('DashboardOutlined');
export const DollarOutlined = menuIcon('DollarOutlined');
export const FolderOpenOutlined = menuIcon('FolderOpenOutlined');
export const NotificationOutlined = menuIcon('NotificationOutlined');
export const ProjectOutlined = menuIcon('ProjectOutlined');
export const QuestionCircleOutlined = menuIcon('QuestionCircleOutlined');
export const RobotOutlined = menuIcon('RobotOutlined');
export const SafetyOutlined = menuIcon('SafetyOutlined');
export const SettingOutlined = menuIcon('SettingOutlined');
export const TagsOutlined = menuIcon('TagsOutlined');
export const TeamOutlined = menuIcon('TeamOutlined');
export const ThunderboltOutlined = menuIcon('ThunderboltOutlined');
export const UnorderedListOutlined = menuIcon('UnorderedListOutlined');
export const UserOutlined = menuIcon('UserOutlined');
export const WhatsAppOutlined = menuIcon('WhatsAppOutlined');

import {
  AlertOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BranchesOutlined,
  ApiOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  CodeOutlined,
  CommentOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DollarOutlined,
  FolderOpenOutlined,
  NotificationOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  SafetyOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WhatsAppOutlined,
  ControlOutlined,
} from './menu-icons';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AccessRule } from './access';

export type PageComponent = ComponentType | LazyExoticComponent<ComponentType>;

/** One private route: where it lives, who may open it (role/plan) and how the drawer shows it. */
export interface AppRoute extends AccessRule {
  /** Stable id; also the i18n key of its label in locales/<lng>/routes.json. */
  key: string;
  path: string;
  page: PageComponent;
  /** In the drawer? Detail routes (/tickets/:id) are not. */
  menu: boolean;
  /** 'admin' items sit under the administration heading. */
  section: 'main' | 'admin';
  icon?: ComponentType;
  /** Drawer sub-menu the item belongs to. */
  group?: 'campaigns';
  badge?: 'connections' | 'chats';
  /** Denied users go to /tickets silently instead of the permission toast (the dashboard at /). */
  fallback?: string;
}

export interface RouteGroup {
  key: 'campaigns';
  icon: ComponentType;
}

export const ROUTE_GROUPS: readonly RouteGroup[] = [{ key: 'campaigns', icon: NotificationOutlined }];

const UsersPage = lazy(() => import('../features/users/components/users.page'));
const SchedulesPage = lazy(() => import('../features/schedules/components/schedules.page'));
const SettingsPage = lazy(() => import('../features/settings/components/settings.page'));
const AuditLogsPage = lazy(() => import('../features/audit-logs/components/audit-logs.page'));
const QueuesPage = lazy(() => import('../features/queues/components/queues.page'));
const HelpsPage = lazy(() => import('../features/helps/components/helps.page'));
const AnnouncementsPage = lazy(() => import('../features/announcements/components/announcements.page'));
const TodoPage = lazy(() => import('../features/todo/components/todo.page'));
const ConnectionsPage = lazy(() => import('../features/connections/components/connections.page'));
const TemplatesPage = lazy(() => import('../features/templates/components/templates.page'));
const TicketsPage = lazy(() => import('../features/tickets/components/tickets.page'));
const ContactsPage = lazy(() => import('../features/contacts-page/components/contacts.page'));
const TagsPage = lazy(() => import('../features/tags/components/tags.page'));
const QuickMessagesPage = lazy(() => import('../features/quick-messages/components/quick-messages.page'));
const ChatsPage = lazy(() => import('../features/chats/components/chats.page'));
const FilesPage = lazy(() => import('../features/files/components/files.page'));
const ContactListsPage = lazy(() => import('../features/contact-lists/components/contact-lists.page'));
const ContactListItemsPage = lazy(() => import('../features/contact-lists/components/contact-list-items.page'));
const KanbanPage = lazy(() => import('../features/kanban/components/kanban.page'));
const QueueIntegrationsPage = lazy(() => import('../features/queue-integrations/components/queue-integrations.page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard.page'));
const FinanceiroPage = lazy(() => import('../features/billing/components/financeiro.page'));
const SubscriptionPage = lazy(() => import('../features/billing/components/subscription.page'));
const ReconciliationPage = lazy(() => import('../features/billing/components/reconciliation.page'));
const MessagesApiPage = lazy(() => import('../features/messages-api/components/messages-api.page'));
const PromptsPage = lazy(() => import('../features/prompts/components/prompts.page'));
const CampaignsPage = lazy(() => import('../features/campaigns/components/campaigns.page'));
const CampaignReportPage = lazy(() => import('../features/campaigns/components/campaign-report.page'));
const FlowsPage = lazy(() => import('../features/flows/components/flows.page'));
const FlowEditorPage = lazy(() => import('../features/flows/components/flow-editor.page'));
const PermissionsPage = lazy(() => import('../features/permissions/components/permissions.page'));
const CampaignsConfigPage = lazy(() => import('../features/campaigns/components/campaigns-config.page'));

/**
 * THE route table (spec 000 section 2, spec 001 section 2): the drawer, the guards and the router
 * all read it. Order is the drawer's order.
 */
export const ROUTES: readonly AppRoute[] = [
  {
    key: 'dashboard',
    path: '/',
    page: DashboardPage,
    menu: true,
    section: 'main',
    icon: DashboardOutlined,
    permission: 'dashboard:view',
    fallback: '/tickets',
  },
  { key: 'tickets', path: '/tickets', page: TicketsPage, menu: true, section: 'main', icon: CustomerServiceOutlined },
  { key: 'ticket', path: '/tickets/:ticketId', page: TicketsPage, menu: false, section: 'main' },
  { key: 'kanban', path: '/kanban', page: KanbanPage, menu: true, section: 'main', icon: ProjectOutlined, plan: 'useKanban' },
  { key: 'quickMessages', path: '/quick-messages', page: QuickMessagesPage, menu: true, section: 'main', icon: ThunderboltOutlined },
  { key: 'todolist', path: '/todolist', page: TodoPage, menu: true, section: 'main', icon: CheckSquareOutlined },
  { key: 'contacts', path: '/contacts', page: ContactsPage, menu: true, section: 'main', icon: ContactsOutlined },
  { key: 'schedules', path: '/schedules', page: SchedulesPage, menu: true, section: 'main', icon: CalendarOutlined, plan: 'useSchedules' },
  { key: 'tags', path: '/tags', page: TagsPage, menu: true, section: 'main', icon: TagsOutlined },
  {
    key: 'chats',
    path: '/chats',
    page: ChatsPage,
    menu: true,
    section: 'main',
    icon: CommentOutlined,
    plan: 'useInternalChat',
    badge: 'chats',
  },
  { key: 'chat', path: '/chats/:id', page: ChatsPage, menu: false, section: 'main', plan: 'useInternalChat' },
  { key: 'helps', path: '/helps', page: HelpsPage, menu: true, section: 'main', icon: QuestionCircleOutlined },

  {
    key: 'campaigns',
    path: '/campaigns',
    page: CampaignsPage,
    menu: true,
    section: 'admin',
    icon: UnorderedListOutlined,
    permission: 'campaigns:manage',
    plan: 'useCampaigns',
    campaigns: true,
    group: 'campaigns',
  },
  {
    key: 'contactLists',
    path: '/contact-lists',
    page: ContactListsPage,
    menu: true,
    section: 'admin',
    icon: TeamOutlined,
    permission: 'contact-lists:manage',
    plan: 'useCampaigns',
    campaigns: true,
    group: 'campaigns',
  },
  {
    key: 'campaignsConfig',
    path: '/campaigns-config',
    page: CampaignsConfigPage,
    menu: true,
    section: 'admin',
    icon: ControlOutlined,
    permission: 'campaigns:manage',
    plan: 'useCampaigns',
    campaigns: true,
    group: 'campaigns',
  },
  {
    key: 'contactListItems',
    path: '/contact-lists/:contactListId/contacts',
    page: ContactListItemsPage,
    menu: false,
    section: 'admin',
    permission: 'contact-lists:manage',
    plan: 'useCampaigns',
    campaigns: true,
  },
  {
    key: 'campaignReport',
    path: '/campaign/:campaignId/report',
    page: CampaignReportPage,
    menu: false,
    section: 'admin',
    permission: 'campaigns:manage',
    plan: 'useCampaigns',
    campaigns: true,
  },
  {
    key: 'announcements',
    path: '/announcements',
    page: AnnouncementsPage,
    menu: true,
    section: 'admin',
    icon: AlertOutlined,
    role: 'super',
  },
  {
    key: 'prompts',
    path: '/prompts',
    page: PromptsPage,
    menu: true,
    section: 'admin',
    icon: RobotOutlined,
    role: 'admin',
    permission: 'prompts:manage',
    plan: 'useOpenAi',
  },
  {
    key: 'queueIntegration',
    path: '/queue-integration',
    page: QueueIntegrationsPage,
    menu: true,
    section: 'admin',
    icon: ApiOutlined,
    permission: 'integrations:manage',
    plan: 'useIntegrations',
  },
  {
    key: 'flows',
    path: '/flows',
    page: FlowsPage,
    menu: true,
    section: 'admin',
    icon: BranchesOutlined,
    permission: 'flows:manage',
    plan: 'useIntegrations',
  },
  {
    key: 'flow',
    path: '/flows/:flowId',
    page: FlowEditorPage,
    menu: false,
    section: 'admin',
    permission: 'flows:manage',
    plan: 'useIntegrations',
  },
  {
    key: 'connections',
    path: '/connections',
    page: ConnectionsPage,
    menu: true,
    section: 'admin',
    icon: WhatsAppOutlined,
    permission: 'connections:manage',
    badge: 'connections',
  },
  {
    key: 'connectionTemplates',
    path: '/connections/:whatsappId/templates',
    page: TemplatesPage,
    menu: false,
    section: 'admin',
    permission: 'connections:manage',
  },
  {
    key: 'files',
    path: '/files',
    page: FilesPage,
    menu: true,
    section: 'admin',
    icon: FolderOpenOutlined,
    permission: 'files:manage',
    plan: 'useCampaigns',
  },
  { key: 'queues', path: '/queues', page: QueuesPage, menu: true, section: 'admin', icon: ApartmentOutlined, permission: 'queues:manage' },
  { key: 'users', path: '/users', page: UsersPage, menu: true, section: 'admin', icon: UserOutlined, permission: 'users:manage' },
  {
    key: 'messagesApi',
    path: '/messages-api',
    page: MessagesApiPage,
    menu: true,
    section: 'admin',
    icon: CodeOutlined,
    role: 'admin',
    plan: 'useExternalApi',
  },
  {
    key: 'financeiro',
    path: '/financeiro',
    page: FinanceiroPage,
    menu: true,
    section: 'admin',
    icon: DollarOutlined,
    permission: 'financeiro:view',
  },
  { key: 'subscription', path: '/subscription', page: SubscriptionPage, menu: false, section: 'admin', permission: 'financeiro:view' },
  {
    key: 'reconciliation',
    path: '/reconciliation',
    page: ReconciliationPage,
    menu: true,
    section: 'admin',
    icon: AuditOutlined,
    role: 'super',
  },
  {
    key: 'auditLogs',
    path: '/audit-logs',
    page: AuditLogsPage,
    menu: true,
    section: 'admin',
    icon: AuditOutlined,
    permission: 'audit-log:view',
  },
  {
    key: 'permissions',
    path: '/permissions',
    page: PermissionsPage,
    menu: true,
    section: 'admin',
    icon: SafetyOutlined,
    permission: 'permissions:manage',
  },
  {
    key: 'settings',
    path: '/settings',
    page: SettingsPage,
    menu: true,
    section: 'admin',
    icon: SettingOutlined,
    permission: 'settings:manage',
  },
];

export const PUBLIC_PATHS = { login: '/login', signup: '/signup', forgotPassword: '/forgetpsw' } as const;

import ptCommon from './pt/common.json' with { type: 'json' };
import ptErrors from './pt/errors.json' with { type: 'json' };
import ptAuth from './pt/auth.json' with { type: 'json' };
import ptTwoFactor from './pt/twoFactor.json' with { type: 'json' };
import ptLayout from './pt/layout.json' with { type: 'json' };
import ptRoutes from './pt/routes.json' with { type: 'json' };
import ptUsers from './pt/users.json' with { type: 'json' };
import ptSettings from './pt/settings.json' with { type: 'json' };
import ptHelps from './pt/helps.json' with { type: 'json' };
import ptAnnouncements from './pt/announcements.json' with { type: 'json' };
import ptTodo from './pt/todo.json' with { type: 'json' };
import ptConnections from './pt/connections.json' with { type: 'json' };
import ptTickets from './pt/tickets.json' with { type: 'json' };
import ptMessages from './pt/messages.json' with { type: 'json' };
import ptContacts from './pt/contacts.json' with { type: 'json' };
import ptTags from './pt/tags.json' with { type: 'json' };
import ptQuickMessages from './pt/quickMessages.json' with { type: 'json' };
import ptChats from './pt/chats.json' with { type: 'json' };
import ptKanban from './pt/kanban.json' with { type: 'json' };
import ptPrompts from './pt/prompts.json' with { type: 'json' };
import ptDashboard from './pt/dashboard.json' with { type: 'json' };
import ptQueues from './pt/queues.json' with { type: 'json' };
import ptQueueIntegrations from './pt/queueIntegrations.json' with { type: 'json' };
import ptBilling from './pt/billing.json' with { type: 'json' };
import ptMessagesApi from './pt/messagesApi.json' with { type: 'json' };
import ptContactLists from './pt/contactLists.json' with { type: 'json' };
import ptFiles from './pt/files.json' with { type: 'json' };
import ptCampaigns from './pt/campaigns.json' with { type: 'json' };
import ptSchedules from './pt/schedules.json' with { type: 'json' };
import ptFlows from './pt/flows.json' with { type: 'json' };
import ptAuditLogs from './pt/auditLogs.json' with { type: 'json' };
import ptPermissions from './pt/permissions.json' with { type: 'json' };
import type { Namespace } from './languages';

/** Every Portuguese text of the web app, by namespace (bundled: the default and fallback language). */
export const pt = {
  common: ptCommon,
  errors: ptErrors,
  auth: ptAuth,
  twoFactor: ptTwoFactor,
  layout: ptLayout,
  routes: ptRoutes,
  users: ptUsers,
  settings: ptSettings,
  helps: ptHelps,
  announcements: ptAnnouncements,
  todo: ptTodo,
  connections: ptConnections,
  tickets: ptTickets,
  messages: ptMessages,
  contacts: ptContacts,
  tags: ptTags,
  quickMessages: ptQuickMessages,
  chats: ptChats,
  kanban: ptKanban,
  prompts: ptPrompts,
  dashboard: ptDashboard,
  queues: ptQueues,
  queueIntegrations: ptQueueIntegrations,
  billing: ptBilling,
  messagesApi: ptMessagesApi,
  contactLists: ptContactLists,
  files: ptFiles,
  campaigns: ptCampaigns,
  schedules: ptSchedules,
  flows: ptFlows,
  auditLogs: ptAuditLogs,
  permissions: ptPermissions,
} as const satisfies Record<Namespace, object>;

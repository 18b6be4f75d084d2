import enCommon from './en/common.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
import enTwoFactor from './en/twoFactor.json' with { type: 'json' };
import enLayout from './en/layout.json' with { type: 'json' };
import enRoutes from './en/routes.json' with { type: 'json' };
import enUsers from './en/users.json' with { type: 'json' };
import enSettings from './en/settings.json' with { type: 'json' };
import enHelps from './en/helps.json' with { type: 'json' };
import enAnnouncements from './en/announcements.json' with { type: 'json' };
import enTodo from './en/todo.json' with { type: 'json' };
import enConnections from './en/connections.json' with { type: 'json' };
import enTickets from './en/tickets.json' with { type: 'json' };
import enMessages from './en/messages.json' with { type: 'json' };
import enContacts from './en/contacts.json' with { type: 'json' };
import enTags from './en/tags.json' with { type: 'json' };
import enQuickMessages from './en/quickMessages.json' with { type: 'json' };
import enChats from './en/chats.json' with { type: 'json' };
import enKanban from './en/kanban.json' with { type: 'json' };
import enPrompts from './en/prompts.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import enQueues from './en/queues.json' with { type: 'json' };
import enQueueIntegrations from './en/queueIntegrations.json' with { type: 'json' };
import enBilling from './en/billing.json' with { type: 'json' };
import enMessagesApi from './en/messagesApi.json' with { type: 'json' };
import enContactLists from './en/contactLists.json' with { type: 'json' };
import enFiles from './en/files.json' with { type: 'json' };
import enCampaigns from './en/campaigns.json' with { type: 'json' };
import enSchedules from './en/schedules.json' with { type: 'json' };
import enFlows from './en/flows.json' with { type: 'json' };
import enAuditLogs from './en/auditLogs.json' with { type: 'json' };
import enPermissions from './en/permissions.json' with { type: 'json' };
import type { Namespace } from './languages';

/** Every English text of the web app, by namespace (its own chunk, loaded when chosen: i18n/i18n.ts). */
export const en = {
  common: enCommon,
  errors: enErrors,
  auth: enAuth,
  twoFactor: enTwoFactor,
  layout: enLayout,
  routes: enRoutes,
  users: enUsers,
  settings: enSettings,
  helps: enHelps,
  announcements: enAnnouncements,
  todo: enTodo,
  connections: enConnections,
  tickets: enTickets,
  messages: enMessages,
  contacts: enContacts,
  tags: enTags,
  quickMessages: enQuickMessages,
  chats: enChats,
  kanban: enKanban,
  prompts: enPrompts,
  dashboard: enDashboard,
  queues: enQueues,
  queueIntegrations: enQueueIntegrations,
  billing: enBilling,
  messagesApi: enMessagesApi,
  contactLists: enContactLists,
  files: enFiles,
  campaigns: enCampaigns,
  schedules: enSchedules,
  flows: enFlows,
  auditLogs: enAuditLogs,
  permissions: enPermissions,
} as const satisfies Record<Namespace, object>;

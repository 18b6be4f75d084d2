import esCommon from './es/common.json' with { type: 'json' };
import esErrors from './es/errors.json' with { type: 'json' };
import esAuth from './es/auth.json' with { type: 'json' };
import esTwoFactor from './es/twoFactor.json' with { type: 'json' };
import esLayout from './es/layout.json' with { type: 'json' };
import esRoutes from './es/routes.json' with { type: 'json' };
import esUsers from './es/users.json' with { type: 'json' };
import esSettings from './es/settings.json' with { type: 'json' };
import esHelps from './es/helps.json' with { type: 'json' };
import esAnnouncements from './es/announcements.json' with { type: 'json' };
import esTodo from './es/todo.json' with { type: 'json' };
import esConnections from './es/connections.json' with { type: 'json' };
import esTickets from './es/tickets.json' with { type: 'json' };
import esMessages from './es/messages.json' with { type: 'json' };
import esContacts from './es/contacts.json' with { type: 'json' };
import esTags from './es/tags.json' with { type: 'json' };
import esQuickMessages from './es/quickMessages.json' with { type: 'json' };
import esChats from './es/chats.json' with { type: 'json' };
import esKanban from './es/kanban.json' with { type: 'json' };
import esPrompts from './es/prompts.json' with { type: 'json' };
import esDashboard from './es/dashboard.json' with { type: 'json' };
import esQueues from './es/queues.json' with { type: 'json' };
import esQueueIntegrations from './es/queueIntegrations.json' with { type: 'json' };
import esBilling from './es/billing.json' with { type: 'json' };
import esMessagesApi from './es/messagesApi.json' with { type: 'json' };
import esContactLists from './es/contactLists.json' with { type: 'json' };
import esFiles from './es/files.json' with { type: 'json' };
import esCampaigns from './es/campaigns.json' with { type: 'json' };
import esSchedules from './es/schedules.json' with { type: 'json' };
import esFlows from './es/flows.json' with { type: 'json' };
import esAuditLogs from './es/auditLogs.json' with { type: 'json' };
import esPermissions from './es/permissions.json' with { type: 'json' };
import type { Namespace } from './languages';

/** Every Spanish text of the web app, by namespace (its own chunk, loaded when chosen: i18n/i18n.ts). */
export const es = {
  common: esCommon,
  errors: esErrors,
  auth: esAuth,
  twoFactor: esTwoFactor,
  layout: esLayout,
  routes: esRoutes,
  users: esUsers,
  settings: esSettings,
  helps: esHelps,
  announcements: esAnnouncements,
  todo: esTodo,
  connections: esConnections,
  tickets: esTickets,
  messages: esMessages,
  contacts: esContacts,
  tags: esTags,
  quickMessages: esQuickMessages,
  chats: esChats,
  kanban: esKanban,
  prompts: esPrompts,
  dashboard: esDashboard,
  queues: esQueues,
  queueIntegrations: esQueueIntegrations,
  billing: esBilling,
  messagesApi: esMessagesApi,
  contactLists: esContactLists,
  files: esFiles,
  campaigns: esCampaigns,
  schedules: esSchedules,
  flows: esFlows,
  auditLogs: esAuditLogs,
  permissions: esPermissions,
} as const satisfies Record<Namespace, object>;

import ptCommon from './pt/common.json' with { type: 'json' };
import ptErrors from './pt/errors.json' with { type: 'json' };
import ptAuth from './pt/auth.json' with { type: 'json' };
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
import enCommon from './en/common.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
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
import esCommon from './es/common.json' with { type: 'json' };
import esErrors from './es/errors.json' with { type: 'json' };
import esAuth from './es/auth.json' with { type: 'json' };
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

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const NAMESPACES = ['common', 'errors', 'auth', 'layout', 'routes', 'users', 'settings', 'helps', 'announcements', 'todo', 'connections', 'tickets', 'messages', 'contacts', 'tags', 'quickMessages', 'chats', 'kanban', 'queues', 'billing', 'messagesApi', 'prompts', 'contactLists', 'files', 'dashboard', 'queueIntegrations', 'campaigns', 'schedules'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  pt: {
    common: ptCommon,
    errors: ptErrors,
    auth: ptAuth,
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
  },
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
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
  },
  es: {
    common: esCommon,
    errors: esErrors,
    auth: esAuth,
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
  },
} as const satisfies Record<Language, Record<Namespace, object>>;

/** The web app's languages (pt is the default and fallback) and its translation namespaces. */
export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'twoFactor',
  'layout',
  'routes',
  'users',
  'settings',
  'helps',
  'announcements',
  'todo',
  'connections',
  'tickets',
  'messages',
  'contacts',
  'tags',
  'quickMessages',
  'chats',
  'kanban',
  'queues',
  'billing',
  'messagesApi',
  'prompts',
  'contactLists',
  'files',
  'dashboard',
  'queueIntegrations',
  'campaigns',
  'schedules',
  'flows',
  'auditLogs',
  'permissions',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

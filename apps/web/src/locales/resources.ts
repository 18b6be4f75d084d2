import ptCommon from './pt/common.json';
import ptErrors from './pt/errors.json';
import ptAuth from './pt/auth.json';
import ptLayout from './pt/layout.json';
import ptRoutes from './pt/routes.json';
import ptUsers from './pt/users.json';
import ptSettings from './pt/settings.json';
import ptHelps from './pt/helps.json';
import ptAnnouncements from './pt/announcements.json';
import ptTodo from './pt/todo.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enAuth from './en/auth.json';
import enLayout from './en/layout.json';
import enRoutes from './en/routes.json';
import enUsers from './en/users.json';
import enSettings from './en/settings.json';
import enHelps from './en/helps.json';
import enAnnouncements from './en/announcements.json';
import enTodo from './en/todo.json';
import esCommon from './es/common.json';
import esErrors from './es/errors.json';
import esAuth from './es/auth.json';
import esLayout from './es/layout.json';
import esRoutes from './es/routes.json';
import esUsers from './es/users.json';
import esSettings from './es/settings.json';
import esHelps from './es/helps.json';
import esAnnouncements from './es/announcements.json';
import esTodo from './es/todo.json';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const NAMESPACES = ['common', 'errors', 'auth', 'layout', 'routes', 'users', 'settings', 'helps', 'announcements', 'todo'] as const;
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
  },
} as const satisfies Record<Language, Record<Namespace, object>>;

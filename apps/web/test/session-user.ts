import type { PermissionAction, PlanFlag, PlanView, Profile, SessionUserView, SettingView } from '@atrium/contracts';
import { permissionsOf } from '@atrium/contracts/identity/permission-actions.js';

const NO_FLAGS: Record<PlanFlag, boolean> = {
  useCampaigns: false,
  useSchedules: false,
  useInternalChat: false,
  useExternalApi: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
};

export interface SessionUserOptions {
  id?: number;
  name?: string;
  profile?: Profile;
  super?: boolean;
  flags?: Partial<Record<PlanFlag, boolean>>;
  settings?: SettingView[];
  dueDate?: string | null;
  queueIds?: number[];
  twoFactorEnabled?: boolean;
  /** As /auth/me gives them (issue 28); absent, the profile's defaults (the company saved nothing). */
  permissions?: PermissionAction[];
}

/** A signed-in user as /auth/me describes it, with the plan flags and company settings a test needs. */
export function aSessionUser(options: SessionUserOptions = {}): SessionUserView {
  const plan: PlanView = { id: 1, name: 'Plano', users: 10, connections: 2, queues: 5, value: 0, ...NO_FLAGS, ...options.flags };
  return {
    id: options.id ?? 7,
    name: options.name ?? 'Maria',
    email: 'maria@example.com',
    profile: options.profile ?? 'admin',
    super: options.super ?? false,
    allTicket: 'desabled',
    companyId: 3,
    whatsappId: null,
    queueIds: options.queueIds ?? [],
    permissions: options.permissions ?? permissionsOf({ profile: options.profile ?? 'admin', super: options.super ?? false }, undefined),
    queues: [],
    online: true,
    twoFactorEnabled: options.twoFactorEnabled ?? false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    company: {
      id: 3,
      name: 'Acme',
      dueDate: options.dueDate === undefined ? '2099-12-31' : options.dueDate,
      settings: options.settings ?? [],
      status: true,
      recurrence: 'MENSAL',
      plan,
      // the calendar of the machine running the test, so dates made with dayjs() count as a user there sees them
      calendarTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  };
}

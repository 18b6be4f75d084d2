import type { AllTicket, PlanFlags, Profile } from '../actor.js';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export interface PlanView extends PlanFlags {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
}

/** What /plans/list shows to someone signing up. */
export type PublicPlanView = Pick<PlanView, 'id' | 'name' | 'users' | 'connections' | 'queues' | 'value'>;

export interface SettingView {
  key: string;
  value: string;
}

export interface ScheduleRow {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export interface CompanyView {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  /** YYYY-MM-DD */
  dueDate: string | null;
  recurrence: Recurrence;
  planId: number;
  plan: PlanView;
  settings: SettingView[];
  schedules: ScheduleRow[];
  document: string | null;
  addressZipCode: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
  addressDistrict: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /companies/listPlan/{companyId} and the companiesPlan subject: the company's plan flags and limits. */
export type CompanyPlanView = Pick<CompanyView, 'id' | 'name' | 'dueDate'> & { plan: PlanView };

/** What billing needs to invoice a company. */
export type BillableCompanyView = Pick<CompanyView, 'id' | 'name' | 'email' | 'dueDate' | 'recurrence' | 'status'> & {
  plan: Pick<PlanView, 'id' | 'name' | 'value'>;
};

/** The companiesRenew answer: `renewed` false when the license already ran past this period. */
export interface CompanyRenewal {
  renewed: boolean;
  company: CompanyView;
}

export interface QueueRef {
  id: number;
  name: string | null;
  color: string | null;
}

export interface UserView {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: AllTicket;
  companyId: number;
  whatsappId: number | null;
  queueIds: number[];
  queues: QueueRef[];
  online: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The user as login, refresh and /auth/me return it: with the company the web app needs. */
export interface SessionUserView extends UserView {
  /** Two-factor login is on for this user (issue 28). */
  twoFactorEnabled: boolean;
  company: Pick<CompanyView, 'id' | 'name' | 'dueDate' | 'settings' | 'status' | 'recurrence'> & {
    plan: PlanView;
    /** The platform's calendar (TIME_ZONE): the zone the due date is counted in, so days left read the same in every browser. */
    calendarTimeZone: string;
  };
  /** What the user may do now (issue 28): set by the gateway on /auth/me, login and refresh (PermittedUserView). */
  permissions?: import('./permissions.js').PermissionAction[];
}

export interface AuthResult {
  token: string;
  user: SessionUserView;
}

/** The password was right; a second step is needed before a token is issued (issue 28). */
export type LoginChallenge =
  /** Two-factor login is on: POST /auth/login/2fa {challenge, code}. */
  | { twoFactorRequired: true; challenge: string }
  /** The company requires 2FA of this user, who has none: POST /auth/2fa/setup {challenge}, then /auth/2fa/enable {challenge, code}. */
  | { twoFactorSetupRequired: true; challenge: string };

export function isLoginChallenge(answer: object): answer is LoginChallenge {
  return 'challenge' in answer;
}

export interface TwoFactorSetupView {
  /** Base32 secret, for typing into an authenticator app. */
  secret: string;
  /** otpauth://totp/... for the QR code. */
  otpauthUrl: string;
}

/** Shown once: the single-use recovery codes (and, when enabling finished a login, the session). */
export interface TwoFactorEnabledView {
  recoveryCodes: string[];
}

/** What identity answers the gateway on login and refresh: the cookie value travels beside the result. */
export interface IssuedSession extends AuthResult {
  refreshToken: string;
  refreshExpiresAt: string;
}

export interface HelpView {
  id: number;
  title: string;
  video: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Payload of `company-{id}-user`. An update carries the user as saved; the gateway also takes the
 * user's profile, super flag, queues and allTicket from it for that user's open sockets at once.
 */
export type UserEventPayload = { action: 'create' | 'update'; user: UserEventUser } | { action: 'delete'; userId: number };

/**
 * The company a user event's user carries, as the original backend's user payload does:
 * Atendechat 6.0.0's web app replaces its signed-in user with the event's and greets
 * 'Bem vindo a {company.name}'. The same for every socket of the company: no settings, no plan.
 */
export type UserCompanyRef = Pick<CompanyView, 'id' | 'name' | 'dueDate' | 'status' | 'recurrence' | 'planId'>;

export type UserEventUser = UserView & { company: UserCompanyRef };

export interface AnnouncementView {
  id: number;
  title: string;
  text: string;
  priority: 1 | 2 | 3;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Payload of the platform-wide live event `company-announcement`. It reaches every socket; a
 * non-super client drops (or removes) records whose status is false.
 */
export type AnnouncementEventPayload = { action: 'create' | 'update'; record: AnnouncementView } | { action: 'delete'; id: number };

/**
 * An internal event (never emitted to sockets): a login of the user ended (log out, password
 * reset, a login elsewhere, a refresh token replayed). Identity publishes it on the company's
 * subject after it changed the user's live state in Redis, so it reaches every gateway replica
 * holding a socket of the company; each disconnects that login's sockets at once.
 */
export const SESSION_ENDED_EVENT = 'sessionEnded';

export interface SessionEndedPayload {
  userId: number;
  /** The login that ended. */
  sessionId: string;
}

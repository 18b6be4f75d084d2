/** NATS request/reply subjects served by the identity service. */
export const IdentitySubjects = {
  authLogin: 'identity.auth.login',
  authRefresh: 'identity.auth.refresh',
  authLogout: 'identity.auth.logout',
  /** With the actor, no data: ends the login (refresh session) the actor's access token belongs to. */
  authEndLogin: 'identity.auth.end-login',
  authMe: 'identity.auth.me',
  /** Completes a login the password began: challenge and a TOTP or recovery code (client info travels beside). */
  authLoginTwoFactor: 'identity.auth.login-2fa',
  /** With the actor, or without one and a setup challenge (mandatory 2FA at login). */
  twoFactorSetup: 'identity.two-factor.setup',
  twoFactorEnable: 'identity.two-factor.enable',
  twoFactorDisable: 'identity.two-factor.disable',
  /** A super user turns a user's two-factor login off (lost phone). */
  twoFactorReset: 'identity.two-factor.reset',
  passwordForgot: 'identity.password.forgot',
  passwordReset: 'identity.password.reset',

  signup: 'identity.companies.signup',
  companiesList: 'identity.companies.list',
  companiesPage: 'identity.companies.page',
  companiesShow: 'identity.companies.show',
  companiesCreate: 'identity.companies.create',
  companiesUpdate: 'identity.companies.update',
  companiesDelete: 'identity.companies.delete',
  companiesSchedules: 'identity.companies.schedules',
  companiesPlan: 'identity.companies.plan',
  /** Data `{ companyId }`, no actor: the company's opening hours (the tickets automaton's business hours). */
  companiesHours: 'identity.companies.hours',
  /** Data `{ dueBy }`, no actor: companies (not the platform's) whose due date is on or before `dueBy`, for billing. */
  companiesBillable: 'identity.companies.billable',
  /**
   * Data `{ companyId, paidDueDate }`, no actor (billing, after an invoice is paid): the license
   * runs to one recurrence after `paidDueDate` and the company is active; a repeat changes nothing.
   */
  companiesRenew: 'identity.companies.renew',

  /** GET /onboarding (admins): the company's first-run checklist → OnboardingView. */
  onboardingShow: 'identity.onboarding.show',
  /** PUT /onboarding (admins): `{ dismissed }` for the whole company → OnboardingView. */
  onboardingUpdate: 'identity.onboarding.update',

  /** GET /permissions (admins): every action, its defaults and the company's grants → PermissionsView. */
  permissionsShow: 'identity.permissions.show',
  /** PUT /permissions (admins): SavePermissionsDto → PermissionsView; announced as `permissions`. */
  permissionsSave: 'identity.permissions.save',
  /** Data `{ companyId }`, no actor: the company's saved grants, for the gateway's cache. */
  permissionsGrants: 'identity.permissions.grants',

  plansPublicList: 'identity.plans.public-list',
  plansList: 'identity.plans.list',
  plansPage: 'identity.plans.page',
  plansShow: 'identity.plans.show',
  plansCreate: 'identity.plans.create',
  plansUpdate: 'identity.plans.update',
  plansDelete: 'identity.plans.delete',

  usersPage: 'identity.users.page',
  usersList: 'identity.users.list',
  usersShow: 'identity.users.show',
  usersCreate: 'identity.users.create',
  usersUpdate: 'identity.users.update',
  usersDelete: 'identity.users.delete',
  usersStatus: 'identity.users.status',
  /** Data ReadModelPageDto, no actor: a page of every company's users for tickets' read model (reconciled on start). */
  usersRefs: 'identity.users.refs',

  settingsList: 'identity.settings.list',
  settingsUpdate: 'identity.settings.update',
  /** Data `{ companyId }`, no actor: a company's settings for other services (the payment token left out). */
  settingsOfCompany: 'identity.settings.company',

  helpsPage: 'identity.helps.page',
  helpsList: 'identity.helps.list',
  helpsShow: 'identity.helps.show',
  helpsCreate: 'identity.helps.create',
  helpsUpdate: 'identity.helps.update',
  helpsDelete: 'identity.helps.delete',

  announcementsPage: 'identity.announcements.page',
  announcementsShow: 'identity.announcements.show',
  announcementsCreate: 'identity.announcements.create',
  announcementsUpdate: 'identity.announcements.update',
  announcementsDelete: 'identity.announcements.delete',
  announcementsSetMedia: 'identity.announcements.set-media',

  /** GET /audit-logs (admins: their company; super users: any) → Page<AuditLogView>. */
  auditLogsPage: 'identity.audit-logs.page',
  /** A batch of the CSV export (ids above `afterId`, oldest first) → AuditLogView[]. */
  auditLogsExportPage: 'identity.audit-logs.export-page',
  /** Records that the actor downloaded an export (`{ what, filters }`) → Done. */
  auditLogsExported: 'identity.audit-logs.exported',
} as const;

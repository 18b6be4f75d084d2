import type { ByCompany, ById, Done, NoData, Ok, Rpc, Update } from '../contract.js';
import type { Page } from '../rpc.js';
import type { AuditLogExportPageDto, AuditLogQueryDto, AuditLogView, ExportDownloadedDto } from '../audit/audit-log.js';
import type { ReadModelPageDto, UserRefRecord } from '../read-models.js';
import type { PageQueryDto } from '../paging.js';
import type {
  AnnouncementDto,
  AnnouncementMediaDto,
  CompanyDto,
  CompanySchedulesDto,
  CreateUserDto,
  ForgotPasswordDto,
  HelpDto,
  LoginDto,
  LoginTwoFactorDto,
  PlanDto,
  RefreshDto,
  ResetPasswordDto,
  SettingUpdateDto,
  SignupDto,
  TwoFactorCodeDto,
  TwoFactorEnableDto,
  TwoFactorSetupDto,
  UpdateAnnouncementDto,
  UpdateCompanyDto,
  UpdateHelpDto,
  UpdatePlanDto,
  UpdateUserDto,
  UserStatusDto,
} from './dto.js';
import type { BillableCompaniesDto, CompanyRenewDto } from './dto.js';
import type { OnboardingUpdateDto, OnboardingView } from './onboarding.js';
import type { CompanyGrantsView, PermissionsView, SavePermissionsDto } from './permissions.js';
import { IdentitySubjects as S } from './subjects.js';
import type {
  AnnouncementView,
  CompanyPlanView,
  CompanyView,
  HelpView,
  IssuedSession,
  LoginChallenge,
  PlanView,
  PublicPlanView,
  SessionUserView,
  SettingView,
  TwoFactorEnabledView,
  TwoFactorSetupView,
  UserView,
} from './views.js';
import type { BillableCompanyView, CompanyRenewal, ScheduleRow } from './views.js';

/** What each identity subject takes and answers. */
export type IdentityContract = {
  /** For billing (no actor). */
  [S.companiesBillable]: Rpc<BillableCompaniesDto, BillableCompanyView[]>;
  /** For billing, after an invoice is paid (no actor). */
  [S.companiesRenew]: Rpc<CompanyRenewDto, CompanyRenewal>;
  [S.authLogin]: Rpc<LoginDto, IssuedSession | LoginChallenge>;
  [S.authLoginTwoFactor]: Rpc<LoginTwoFactorDto, IssuedSession>;
  /** The actor's own, or (no actor) the setup challenge's user's. */
  [S.twoFactorSetup]: Rpc<TwoFactorSetupDto, TwoFactorSetupView>;
  /** With a setup challenge (no actor) it also finishes that login: `session` is issued. */
  [S.twoFactorEnable]: Rpc<TwoFactorEnableDto, TwoFactorEnabledView & { session?: IssuedSession }>;
  [S.twoFactorDisable]: Rpc<TwoFactorCodeDto, Done>;
  [S.twoFactorReset]: Rpc<ById, Done>;
  [S.authRefresh]: Rpc<RefreshDto, IssuedSession>;
  [S.authLogout]: Rpc<RefreshDto, Ok>;
  [S.authEndLogin]: Rpc<NoData, Ok>;
  [S.authMe]: Rpc<NoData, SessionUserView>;
  [S.passwordForgot]: Rpc<ForgotPasswordDto, Done>;
  [S.passwordReset]: Rpc<ResetPasswordDto, Done>;

  [S.signup]: Rpc<SignupDto, CompanyView>;
  [S.companiesList]: Rpc<NoData, CompanyView[]>;
  [S.companiesPage]: Rpc<PageQueryDto, Page<CompanyView>>;
  [S.companiesShow]: Rpc<ById, CompanyView>;
  [S.companiesCreate]: Rpc<CompanyDto, CompanyView>;
  [S.companiesUpdate]: Rpc<Update<UpdateCompanyDto>, CompanyView>;
  [S.companiesDelete]: Rpc<ById, Done>;
  [S.companiesSchedules]: Rpc<Update<CompanySchedulesDto>, CompanyView>;
  /** Other services may ask without an actor. */
  [S.companiesPlan]: Rpc<ByCompany, CompanyPlanView>;
  [S.companiesHours]: Rpc<ByCompany, ScheduleRow[]>;

  [S.onboardingShow]: Rpc<NoData, OnboardingView>;
  [S.onboardingUpdate]: Rpc<OnboardingUpdateDto, OnboardingView>;

  [S.permissionsShow]: Rpc<NoData, PermissionsView>;
  [S.permissionsSave]: Rpc<SavePermissionsDto, PermissionsView>;
  /** For the gateway's grant cache (no actor). */
  [S.permissionsGrants]: Rpc<ByCompany, CompanyGrantsView>;

  [S.plansPublicList]: Rpc<NoData, PublicPlanView[]>;
  [S.plansList]: Rpc<NoData, PlanView[]>;
  [S.plansPage]: Rpc<PageQueryDto, Page<PlanView>>;
  [S.plansShow]: Rpc<ById, PlanView>;
  [S.plansCreate]: Rpc<PlanDto, PlanView>;
  [S.plansUpdate]: Rpc<Update<UpdatePlanDto>, PlanView>;
  [S.plansDelete]: Rpc<ById, Done>;

  [S.usersPage]: Rpc<PageQueryDto, Page<UserView>>;
  [S.usersList]: Rpc<NoData, UserView[]>;
  [S.usersShow]: Rpc<ById, UserView>;
  [S.usersCreate]: Rpc<CreateUserDto, UserView>;
  [S.usersUpdate]: Rpc<Update<UpdateUserDto>, UserView>;
  [S.usersDelete]: Rpc<ById, Done>;
  [S.usersStatus]: Rpc<UserStatusDto, Ok>;
  [S.usersRefs]: Rpc<ReadModelPageDto, UserRefRecord[]>;

  [S.settingsList]: Rpc<NoData, SettingView[]>;
  [S.settingsUpdate]: Rpc<{ key: string; body: SettingUpdateDto }, SettingView>;
  /** Other services ask without an actor; the payment token is left out. */
  [S.settingsOfCompany]: Rpc<ByCompany, SettingView[]>;

  [S.helpsPage]: Rpc<PageQueryDto, Page<HelpView>>;
  [S.helpsList]: Rpc<NoData, HelpView[]>;
  [S.helpsShow]: Rpc<ById, HelpView>;
  [S.helpsCreate]: Rpc<HelpDto, HelpView>;
  [S.helpsUpdate]: Rpc<Update<UpdateHelpDto>, HelpView>;
  [S.helpsDelete]: Rpc<ById, Done>;

  [S.announcementsPage]: Rpc<PageQueryDto, Page<AnnouncementView>>;
  [S.announcementsShow]: Rpc<ById, AnnouncementView>;
  [S.announcementsCreate]: Rpc<AnnouncementDto, AnnouncementView>;
  [S.announcementsUpdate]: Rpc<Update<UpdateAnnouncementDto>, AnnouncementView>;
  [S.announcementsDelete]: Rpc<ById, AnnouncementView>;
  [S.announcementsSetMedia]: Rpc<Update<AnnouncementMediaDto>, AnnouncementView>;

  [S.auditLogsPage]: Rpc<AuditLogQueryDto, Page<AuditLogView>>;
  [S.auditLogsExportPage]: Rpc<AuditLogExportPageDto, AuditLogView[]>;
  [S.auditLogsExported]: Rpc<ExportDownloadedDto, Done>;
};

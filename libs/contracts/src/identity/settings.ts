/** Company setting keys (spec 001 section 3) with the values each accepts and its default. */
export const SETTING_DEFINITIONS = {
  userRating: { values: ['enabled', 'disabled'], default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company'], default: 'disabled' },
  call: { values: ['enabled', 'disabled'], default: 'enabled' },
  CheckMsgIsGroup: { values: ['enabled', 'disabled'], default: 'enabled' },
  sendGreetingAccepted: { values: ['enabled', 'disabled'], default: 'disabled' },
  sendMsgTransfTicket: { values: ['enabled', 'disabled'], default: 'disabled' },
  sendGreetingMessageOneQueues: { values: ['enabled', 'disabled'], default: 'enabled' },
  chatBotType: { values: ['text'], default: 'text' },
  campaignsEnabled: { values: ['true', 'false'], default: 'true' },
  /** The language of the texts the platform itself sends the company's customers (the calls-disabled notice). */
  language: { values: ['pt', 'en', 'es'], default: 'pt' },
  /** An admin closed the first-run checklist of the dashboard (GET/PUT /onboarding). */
  onboardingDismissed: { values: ['true', 'false'], default: 'false' },
  /**
   * The company's time zone (IANA name), in which its business hours are read and the message
   * variables' hours written; '' is the platform's (TIME_ZONE), which a new company is given.
   */
  timezone: { values: null, default: '' },
  /**
   * Two-factor login the company requires (issue 28): of its admins (and super users), of everyone,
   * or of no one. Who must have it and has not is asked to set it up at their next login.
   */
  twoFactorMandatory: { values: ['disabled', 'admins', 'everyone'], default: 'disabled' },
  /** The payment-provider token: free text, shown only to admins. */
  asaas: { values: null, default: '' },
} as const satisfies Record<string, { values: readonly string[] | null; default: string }>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
/** Settings only admins may read. */
export const SECRET_SETTING_KEYS: readonly SettingKey[] = ['asaas'];

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTING_DEFINITIONS, key);
}

/** An IANA time zone name this runtime knows (America/Sao_Paulo, UTC...). */
export function isKnownTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

export function isValidSettingValue(key: SettingKey, value: string): boolean {
  if (key === 'timezone') return value === '' || isKnownTimeZone(value);
  const allowed: readonly string[] | null = SETTING_DEFINITIONS[key].values;
  return allowed === null ? value.length <= 500 : allowed.includes(value);
}

/** Whether the company's twoFactorMandatory setting requires two-factor login of this user. */
export function twoFactorMandatoryFor(setting: string | undefined, user: { profile: string; super: boolean }): boolean {
  if (setting === 'everyone') return true;
  return setting === 'admins' && (user.profile === 'admin' || user.super);
}

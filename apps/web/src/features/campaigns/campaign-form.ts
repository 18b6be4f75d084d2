import type { CampaignSettingsView, CampaignStatus, CampaignTemplate, CampaignVariable, CampaignView } from '@atrium/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { CampaignInput } from './api/campaigns.api';

export const MESSAGE_INDEXES = [1, 2, 3, 4, 5] as const;
export type MessageIndex = (typeof MESSAGE_INDEXES)[number];

/** The tag select's "no tag" value (spec 001 section 3: tagListId default 'Nenhuma'). */
export const NO_TAG = 'Nenhuma';

/** The variables every campaign message may carry (spec 001 "Campaigns" dialog hint). */
export const BUILT_IN_VARIABLES = ['nome', 'numero', 'email'] as const;

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  INATIVA: 'default',
  PROGRAMADA: 'blue',
  EM_ANDAMENTO: 'processing',
  CANCELADA: 'error',
  FINALIZADA: 'success',
};

/** The dialog's values: selects hold ids (or null / 'Nenhuma'), the date picker a Dayjs. */
export interface CampaignFormValues {
  name: string;
  confirmation: boolean;
  contactListId: number | null;
  tagListId: number | typeof NO_TAG;
  whatsappId: number | null;
  fileListId: number | null;
  scheduledAt: Dayjs | null;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  /** A Cloud API connection's approved template, sent instead of the messages (issue 26). */
  template: CampaignTemplate | null;
}

export const EMPTY_CAMPAIGN: CampaignFormValues = {
  name: '',
  confirmation: false,
  contactListId: null,
  tagListId: NO_TAG,
  whatsappId: null,
  fileListId: null,
  scheduledAt: null,
  message1: '',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  confirmationMessage1: '',
  confirmationMessage2: '',
  confirmationMessage3: '',
  confirmationMessage4: '',
  confirmationMessage5: '',
  template: null,
};

const messageKey = (i: MessageIndex) => `message${i}` as const;
const confirmationKey = (i: MessageIndex) => `confirmationMessage${i}` as const;

export function formValuesOf(campaign: CampaignView): CampaignFormValues {
  const values: CampaignFormValues = {
    ...EMPTY_CAMPAIGN,
    name: campaign.name,
    confirmation: campaign.confirmation,
    contactListId: campaign.contactListId,
    tagListId: campaign.tagListId ?? NO_TAG,
    whatsappId: campaign.whatsappId,
    fileListId: campaign.fileListId,
    scheduledAt: campaign.scheduledAt ? dayjs(campaign.scheduledAt) : null,
    template: campaign.template,
  };
  for (const i of MESSAGE_INDEXES) {
    values[messageKey(i)] = campaign[messageKey(i)] ?? '';
    values[confirmationKey(i)] = campaign[confirmationKey(i)] ?? '';
  }
  return values;
}

const orNull = (text: string | undefined | null): string | null => (text && text.length > 0 ? text : null);

/** 'YYYY-MM-DD HH:mm:ss' as spec 001 section 5 has it, followed by the browser's UTC offset. */
export function scheduledAtText(value: Dayjs): string {
  return value.format('YYYY-MM-DD HH:mm:ssZ');
}

/**
 * What the dialog sends (spec 001 section 5): empty strings as null, scheduledAt formatted. A
 * CANCELADA campaign (editability 'messages') sends its message fields only.
 */
export function campaignInputOf(values: CampaignFormValues, editability: 'all' | 'messages', cloud = false): CampaignInput {
  const messages: CampaignInput = {};
  for (const i of MESSAGE_INDEXES) {
    // a Cloud API campaign sends its template: the messages are left out
    messages[messageKey(i)] = cloud ? null : orNull(values[messageKey(i)]);
    messages[confirmationKey(i)] = cloud ? null : orNull(values[confirmationKey(i)]);
  }
  messages.template = cloud ? (values.template ?? null) : null;
  if (editability === 'messages') return messages;
  return {
    name: values.name.trim(),
    confirmation: values.confirmation,
    contactListId: values.contactListId ?? null,
    tagListId: values.tagListId ?? NO_TAG,
    whatsappId: values.whatsappId ?? null,
    fileListId: values.fileListId ?? null,
    scheduledAt: values.scheduledAt ? scheduledAtText(values.scheduledAt) : null,
    ...messages,
  };
}

/** Whether a campaign's template is chosen with a value for each of its variables. */
export function templateComplete(value: CampaignTemplate | null | undefined): boolean {
  if (!value) return false;
  const given = [...(value.parameters?.header ?? []), ...(value.parameters?.body ?? []), ...(value.parameters?.buttons ?? [])];
  return given.every((text) => text.trim() !== '');
}

export interface CampaignSettingsValues {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
}

export const SETTING_DEFAULTS: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
};

/** Spec 001 section 9: the options of the three selects. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const GREATER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

/** The server's rows (key and JSON-encoded value) as the settings page's values, defaults for what is missing or unreadable. */
export function settingsOf(rows: CampaignSettingsView | undefined): CampaignSettingsValues {
  const values: CampaignSettingsValues = { ...SETTING_DEFAULTS, variables: [] };
  for (const row of rows ?? []) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.value);
    } catch {
      continue;
    }
    if (row.key === 'variables') {
      if (Array.isArray(parsed))
        values.variables = parsed.filter((v): v is CampaignVariable => typeof v?.key === 'string' && typeof v?.value === 'string');
    } else if (typeof parsed === 'number' || (typeof parsed === 'string' && parsed.trim() !== '' && Number.isFinite(Number(parsed)))) {
      values[row.key] = Number(parsed);
    }
  }
  return values;
}

/** A custom variable is added only if its shortcut is not already used (spec 001 section 5), the built-in ones included. */
export function canAddVariable(variables: CampaignVariable[], key: string): boolean {
  const shortcut = key.trim();
  if (!/^[\p{L}\p{N}_-]{1,50}$/u.test(shortcut)) return false;
  return !(BUILT_IN_VARIABLES as readonly string[]).includes(shortcut) && !variables.some((variable) => variable.key === shortcut);
}

/** Share of the valid contacts delivered, 0 to 100. */
export function progressPercent(delivered: number, valid: number): number {
  if (valid <= 0) return 0;
  return Math.min(100, Math.round((delivered / valid) * 100));
}

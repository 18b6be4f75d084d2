import {
  AppError,
  CAMPAIGN_CONFIRMATION_FIELDS,
  campaignEditability,
  CAMPAIGN_MESSAGE_FIELDS,
  ErrorCode,
  type CampaignStatus,
  type UpdateCampaignDto,
} from '@atrium/contracts';

/** What the editability rule reads of a campaign. */
export interface EditableState {
  status: CampaignStatus;
  scheduledAt: Date | null;
}

/** Spec 001 section 4 "Campaign editability" (the rule lives in the contracts, shared with the web's dialog). */
export function editability(campaign: EditableState, now: Date): 'all' | 'messages' | 'none' {
  return campaignEditability(campaign, now);
}

/** What a cancelled campaign may still change: its texts, or on a Cloud API connection its template (issue 26). */
const MESSAGE_FIELDS = new Set<string>([...CAMPAIGN_MESSAGE_FIELDS, ...CAMPAIGN_CONFIRMATION_FIELDS, 'template']);

/**
 * Refuses (ERR_CAMPAIGN_NOT_EDITABLE) an update the campaign's state does not allow. The dialog
 * sends its whole form, read-only fields included: a field sent with the value it already has is
 * no change, so only fields whose value differs count.
 */
export function assertEditable(campaign: EditableState & Record<string, unknown>, changes: Record<string, unknown>, now: Date): void {
  const allowed = editability(campaign, now);
  if (allowed === 'all') return;
  const changed = Object.entries(changes).filter(([field, value]) => value !== undefined && !sameValue(campaign[field], value));
  const refused = allowed === 'messages' ? changed.filter(([field]) => !MESSAGE_FIELDS.has(field)) : changed;
  if (refused.length > 0) {
    throw new AppError(ErrorCode.ERR_CAMPAIGN_NOT_EDITABLE, {
      fields: refused.map(([field]) => ({ field, messages: [`not editable while ${campaign.status}`] })),
    });
  }
}

function sameValue(current: unknown, next: unknown): boolean {
  if (current instanceof Date || next instanceof Date) {
    const a = current instanceof Date ? current.getTime() : current === null ? null : new Date(current as string).getTime();
    const b = next instanceof Date ? next.getTime() : next === null ? null : new Date(next as string).getTime();
    return a === b;
  }
  if (typeof current === 'object' && current !== null && typeof next === 'object' && next !== null)
    return JSON.stringify(current) === JSON.stringify(next); // the template (jsonb)
  return (current ?? null) === (next ?? null);
}

/** The status a saved campaign takes from its scheduledAt: INATIVA without one, PROGRAMADA with one (only from those two). */
export function statusAfterSave(current: CampaignStatus, scheduledAt: Date | null): CampaignStatus {
  if (current !== 'INATIVA' && current !== 'PROGRAMADA') return current;
  return scheduledAt === null ? 'INATIVA' : 'PROGRAMADA';
}

/** The message fields of an update (what a CANCELADA campaign may change). */
export type CampaignChanges = Omit<UpdateCampaignDto, 'scheduledAt'> & { scheduledAt?: Date | null };

/** Which of message1..message5 are filled: the variants a recipient may get (1-based). */
export function variantsOf(campaign: Record<(typeof CAMPAIGN_MESSAGE_FIELDS)[number], string | null>): number[] {
  return CAMPAIGN_MESSAGE_FIELDS.map((field, i) => (campaign[field]?.trim() ? i + 1 : 0)).filter((variant) => variant > 0);
}

/**
 * The advisory-lock topic of a campaign's sends (key: the campaign's id): each send holds it shared
 * in its transaction, a cancel takes it exclusive before its UPDATE, so the cancel waits for the
 * sends in flight and nothing is sent after it commits.
 */
export const CAMPAIGN_SENDING_LOCK = 'campaigns.sending';

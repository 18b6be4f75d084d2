// Decorator-free: the web imports this file at runtime (vite alias `@atrium/contracts/*`).
import type { CampaignStatus } from './campaigns.js';

/** A campaign becomes read-only this long before its scheduledAt (spec 001 section 9 "Campaign edit lock"). */
export const CAMPAIGN_EDIT_LOCK_MS = 3_600_000;

/** What the editability rule reads of a campaign (the service's row or the web's view). */
export interface CampaignEditableState {
  status: CampaignStatus;
  scheduledAt: Date | string | null;
}

/**
 * Spec 001 section 4 "Campaign editability", shared by the service (which enforces it) and the
 * dialog (which disables what may not change): everything is editable while INATIVA, or
 * PROGRAMADA more than an hour before scheduledAt; a CANCELADA campaign keeps only its message
 * fields editable; anything else is read-only.
 */
export function campaignEditability(campaign: CampaignEditableState, now: Date): 'all' | 'messages' | 'none' {
  if (campaign.status === 'INATIVA') return 'all';
  if (campaign.status === 'PROGRAMADA')
    return campaign.scheduledAt !== null && new Date(campaign.scheduledAt).getTime() - now.getTime() > CAMPAIGN_EDIT_LOCK_MS
      ? 'all'
      : 'none';
  if (campaign.status === 'CANCELADA') return 'messages';
  return 'none';
}

import type { QuickMessageView } from '@atrium/contracts';

/** Suggestion labels are cut at 35 characters (spec 000 section 5). */
export const QUICK_REPLY_LABEL_MAX = 35;

export function truncateLabel(text: string, max: number = QUICK_REPLY_LABEL_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * Quick replies offered while typing: the text starts with '/' and has more than 1 character;
 * shortcodes containing what follows the slash (spec 000 section 5).
 */
export function quickReplySuggestions(text: string, quickMessages: QuickMessageView[]): QuickMessageView[] {
  if (!text.startsWith('/') || text.length <= 1) return [];
  const term = text.slice(1).toLowerCase();
  return quickMessages.filter((quick) => quick.status !== false && quick.shortcode.toLowerCase().includes(term));
}

export function quickReplyLabel(quick: Pick<QuickMessageView, 'shortcode' | 'message'>): string {
  return truncateLabel(`${quick.shortcode} - ${quick.message}`);
}

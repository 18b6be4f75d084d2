import { proto } from '@whiskeysockets/baileys';

/**
 * Which history syncs a session lets Baileys download (docs/adr/016-baileys-history-sync-and-lid.md).
 * Every type but FULL: INITIAL_BOOTSTRAP and RECENT carry the lid↔phone-number mappings and group
 * sender keys, PUSH_NAME the customers' names; refusing them (as a spent message budget used to)
 * leaves Baileys 7 unable to map lids and to decrypt group messages. FULL is the whole archive
 * of the phone, which the platform never imports. What is published as messages is bounded
 * separately (BAILEYS_HISTORY_SYNC, BAILEYS_HISTORY_MAX_MESSAGES).
 */
export function acceptsHistorySync({ syncType }: Pick<proto.Message.IHistorySyncNotification, 'syncType'>): boolean {
  // The notification's enum (proto.Message.HistorySyncType) numbers the types as HistorySync's does.
  return syncType !== proto.Message.HistorySyncType.FULL;
}

import { PROCESSABLE_HISTORY_TYPES, proto } from '@whiskeysockets/baileys';
import { acceptsHistorySync } from './history-sync-policy.js';

const { HistorySyncType } = proto.HistorySync;

describe('history syncs a Baileys session accepts', () => {
  it('takes the syncs that carry lid mappings, names and sender keys', () => {
    for (const syncType of [
      HistorySyncType.INITIAL_BOOTSTRAP,
      HistorySyncType.RECENT,
      HistorySyncType.PUSH_NAME,
      HistorySyncType.NON_BLOCKING_DATA,
      HistorySyncType.ON_DEMAND,
    ]) {
      expect(acceptsHistorySync({ syncType })).toBe(true);
    }
  });

  it('refuses only the full archive', () => {
    expect(acceptsHistorySync({ syncType: HistorySyncType.FULL })).toBe(false);
    expect(PROCESSABLE_HISTORY_TYPES.filter((syncType) => !acceptsHistorySync({ syncType }))).toEqual([HistorySyncType.FULL]);
  });

  it('never disables every sync type (Baileys warns of lost lid mappings then)', () => {
    // Baileys' own check at socket creation (Socket/socket.js, "DISABLING ALL SYNC").
    const disabled = PROCESSABLE_HISTORY_TYPES.filter((syncType) => acceptsHistorySync({ syncType }) === false);
    expect(disabled.length).toBeLessThan(PROCESSABLE_HISTORY_TYPES.length);
  });
});

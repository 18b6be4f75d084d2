import type { AuthStateStore } from '@atrium/channel';
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';

/** Where the Baileys credentials live among the session's auth keys. */
export const BAILEYS_CREDS_KEY = { category: 'creds', id: 'baileys' } as const;

const serialise = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const deserialise = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

export interface BaileysAuthState {
  state: AuthenticationState;
  /** Writes the credentials (Baileys mutates them in place and announces it with `creds.update`). */
  saveCreds(): Promise<void>;
}

/**
 * Baileys' auth state over our AuthStateStore: the credentials and every signal key as their own
 * row (never one blob that grows with every contact), each `keys.set` one batched transaction,
 * reads through the store's bounded cache. Replaces `useMultiFileAuthState`.
 */
export async function loadBaileysAuthState(store: AuthStateStore): Promise<BaileysAuthState> {
  const stored = (await store.get(BAILEYS_CREDS_KEY.category, [BAILEYS_CREDS_KEY.id])).get(BAILEYS_CREDS_KEY.id);
  const creds: AuthenticationCreds = stored ? deserialise<AuthenticationCreds>(stored) : initAuthCreds();
  return {
    state: {
      creds,
      keys: {
        async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
          const found = await store.get(type, ids);
          const result: { [id: string]: SignalDataTypeMap[T] } = {};
          for (const [id, text] of found) {
            const value = deserialise<SignalDataTypeMap[T]>(text);
            result[id] = (
              type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(value as object) : value
            ) as SignalDataTypeMap[T];
          }
          return result;
        },
        async set(data: SignalDataSet) {
          const entries = Object.entries(data).flatMap(([category, values]) =>
            Object.entries(values ?? {}).map(([id, value]) => ({
              category,
              id,
              value: value === null || value === undefined ? null : serialise(value),
            })),
          );
          await store.set(entries);
        },
        clear: () => store.clear(),
      },
    },
    saveCreds: () => store.set([{ ...BAILEYS_CREDS_KEY, value: serialise(creds) }]),
  };
}

import {
  BoundedCache,
  ChannelError,
  ReconnectingSession,
  reconnectDelay,
  type BackoffOptions,
  type ChannelDriver,
  type ChannelSession,
  type ChannelSessionOptions,
  type DriverInboundEvent,
  type OutgoingLocation,
  type OutgoingMedia,
  type SendOptions,
} from '@atrium/channel';
import {
  CONTACT_LIST_LIMIT,
  MessageAck,
  type ChannelContact,
  type ChatPresence,
  type CheckNumberResult,
  type NumberCheck,
  type SentMessageResult,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import {
  Browsers,
  DisconnectReason,
  downloadMediaMessage,
  jidDecode,
  makeWASocket,
  type AnyMessageContent,
  type Contact,
  type WAMessage,
  type WAMessageKey,
  type WASocket,
} from '@whiskeysockets/baileys';
import { loadBaileysAuthState } from './baileys-auth-state.js';
import { normaliseBaileysCall, normaliseBaileysMessage, normaliseBaileysUpdate, shouldPublish, toJid } from './baileys-normaliser.js';
import { BoundedCacheStore } from './bounded-cache-store.js';
import { acceptsHistorySync } from './history-sync-policy.js';

export interface BaileysDriverSettings {
  backoff: BackoffOptions;
  /** Import history when a phone pairs, at most `historyMaxMessages` messages. */
  historySync: boolean;
  historyMaxMessages: number;
  /** Capacity of each of the session's caches. */
  cacheCapacity: number;
  /** Override of WhatsApp's websocket (tests point it at a local server). */
  webSocketUrl?: string;
}

/** Close codes after which reconnecting would not help: the pairing is gone. */
const PAIRING_GONE = new Set<number>([DisconnectReason.loggedOut, DisconnectReason.badSession, DisconnectReason.forbidden]);
const PUBLISH_ATTEMPTS = 5;

function statusCodeOf(error: unknown): number | undefined {
  return (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
}

/** The content Baileys sends for an attachment, by its mimetype. */
function mediaContent(media: OutgoingMedia, caption?: string): AnyMessageContent {
  const kind = media.mimetype.split('/')[0];
  if (kind === 'image') return { image: media.data, caption, mimetype: media.mimetype };
  if (kind === 'video') return { video: media.data, caption, mimetype: media.mimetype };
  if (kind === 'audio') return { audio: media.data, mimetype: media.mimetype, ptt: media.voiceNote === true };
  return { document: media.data, mimetype: media.mimetype, fileName: media.filename, caption };
}

/**
 * One WhatsApp Web multi-device session (provider `beta`). This is the part that needs
 * WhatsApp's servers, kept thin: what it receives goes through baileys-normaliser, its auth
 * state through baileys-auth-state (PostgreSQL), every cache it hands Baileys is bounded, and it
 * keeps no message store (no makeInMemoryStore) — only a bounded cache of recent messages for
 * quoting and retries.
 */
class BaileysSession extends ReconnectingSession implements ChannelSession {
  private socket: WASocket | null = null;
  private number: string | null = null;
  private pairingRequested = false;
  private historyLeft: number;
  /** What arrives is handed on one event after another, in order. */
  private inbound: Promise<void> = Promise.resolve();
  private readonly recent: BoundedCache<string, WAMessage>;
  private readonly sentByUs: BoundedCache<string, true>;
  private readonly knownNumbers: BoundedCache<string, boolean>;
  /** The contacts Baileys has told us about (address book and chats), by their main id. */
  private readonly contacts = new BoundedCache<string, ChannelContact>(CONTACT_LIST_LIMIT);
  private readonly caches: Record<'retries' | 'devices' | 'media' | 'callOffers' | 'placeholders', BoundedCacheStore>;
  private readonly logger: Logger;

  constructor(
    private readonly settings: BaileysDriverSettings,
    options: ChannelSessionOptions,
  ) {
    super(options, settings.backoff);
    const capacity = settings.cacheCapacity;
    this.recent = new BoundedCache(capacity);
    this.sentByUs = new BoundedCache(capacity);
    this.knownNumbers = new BoundedCache(capacity);
    this.caches = {
      retries: new BoundedCacheStore(capacity),
      devices: new BoundedCacheStore(capacity),
      media: new BoundedCacheStore(Math.min(capacity, 100)),
      callOffers: new BoundedCacheStore(Math.min(capacity, 100)),
      placeholders: new BoundedCacheStore(capacity),
    };
    this.historyLeft = settings.historySync ? settings.historyMaxMessages : 0;
    this.logger = options.logger;
  }

  sendText(to: string, body: string, options?: SendOptions): Promise<SentMessageResult> {
    return this.send(to, { text: body }, options);
  }

  sendMedia(to: string, media: OutgoingMedia, options?: SendOptions & { caption?: string }): Promise<SentMessageResult> {
    return this.send(to, mediaContent(media, options?.caption), options);
  }

  sendLocation(to: string, location: OutgoingLocation, options?: SendOptions): Promise<SentMessageResult> {
    const content = {
      location: {
        degreesLatitude: location.latitude,
        degreesLongitude: location.longitude,
        name: location.name,
        address: location.address,
      },
    };
    return this.send(to, content, options);
  }

  sendVcard(to: string, vcard: string, options?: SendOptions): Promise<SentMessageResult> {
    const displayName = /^FN:(.*)$/m.exec(vcard)?.[1]?.trim() ?? 'Contato';
    return this.send(to, { contacts: { displayName, contacts: [{ vcard }] } }, options);
  }

  editMessage(to: string, messageId: string, body: string): Promise<SentMessageResult> {
    return this.send(to, { text: body, edit: this.keyOf(to, messageId, true) });
  }

  async deleteMessage(to: string, messageId: string): Promise<void> {
    await this.send(to, { delete: this.keyOf(to, messageId, true) });
  }

  async markRead(to: string, messageIds: readonly string[]): Promise<void> {
    await this.connected().readMessages(messageIds.map((id) => this.keyOf(to, id, false)));
  }

  async checkNumber(number: string): Promise<CheckNumberResult> {
    const [result] = (await this.connected().onWhatsApp(number)) ?? [];
    const exists = result?.exists === true;
    this.knownNumbers.set(number, exists);
    return { exists, chatId: exists ? (jidDecode(result!.jid)?.user ?? number) : null };
  }

  /** One `onWhatsApp` query for the whole batch (Baileys sends the jids in one usync request). */
  async checkNumbers(numbers: readonly string[]): Promise<NumberCheck[]> {
    const found = new Map<string, string>();
    for (const result of (await this.connected().onWhatsApp(...numbers)) ?? []) {
      const user = jidDecode(result.jid)?.user;
      if (result.exists && user) found.set(user, user);
    }
    return numbers.map((number) => {
      const chatId = found.get(number) ?? null;
      this.knownNumbers.set(number, chatId !== null);
      return { number, exists: chatId !== null, chatId };
    });
  }

  async listContacts(): Promise<ChannelContact[]> {
    this.connected();
    return this.contacts.values().filter((contact) => contact.number !== null || contact.lid !== null);
  }

  /** Keeps a contact's phone number, lid and saved name (later updates fill in what was missing). */
  private rememberContact(contact: Contact): void {
    const ids = [contact.id, contact.lid, contact.phoneNumber].filter((id): id is string => typeof id === 'string');
    const userOf = (server: string) => ids.map((id) => jidDecode(id)).find((jid) => jid?.server === server)?.user ?? null;
    const number = userOf('s.whatsapp.net');
    const lid = userOf('lid');
    if (number === null && lid === null) return; // groups, broadcasts, newsletters
    const known = this.contacts.get(contact.id);
    this.contacts.set(contact.id, {
      number: number ?? known?.number ?? null,
      lid: lid ?? known?.lid ?? null,
      name: contact.name ?? contact.notify ?? contact.verifiedName ?? known?.name ?? null,
    });
  }

  async profilePicture(chatId: string): Promise<string | null> {
    return (
      (await this.connected()
        .profilePictureUrl(toJid(chatId), 'image')
        .catch(() => undefined)) ?? null
    );
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    await this.connected().rejectCall(callId, toJid(from));
  }

  async sendPresence(to: string, presence: ChatPresence): Promise<void> {
    await this.connected().sendPresenceUpdate(presence, toJid(to));
  }

  // ---- connection --------------------------------------------------------------------------

  protected async connect(): Promise<void> {
    if (this.ended) return;
    const { state, saveCreds } = await loadBaileysAuthState(this.options.auth);
    if (this.ended) return;
    const socket = makeWASocket({
      auth: state,
      logger: this.logger.child({ module: 'baileys' }, { level: 'warn' }),
      browser: Browsers.ubuntu('Atrium'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      shouldSyncHistoryMessage: acceptsHistorySync,
      generateHighQualityLinkPreview: false,
      msgRetryCounterCache: this.caches.retries,
      userDevicesCache: this.caches.devices,
      mediaCache: this.caches.media,
      callOfferCache: this.caches.callOffers,
      placeholderResendCache: this.caches.placeholders,
      getMessage: async (key) => (key.id ? (this.recent.get(key.id)?.message ?? undefined) : undefined),
      ...(this.settings.webSocketUrl ? { waWebSocketUrl: this.settings.webSocketUrl } : {}),
    });
    this.socket = socket;
    const registered = state.creds.registered;

    socket.ev.on('creds.update', () => {
      saveCreds().catch((error: unknown) => this.logger.error({ err: error }, 'could not save WhatsApp credentials'));
    });
    socket.ev.on('connection.update', (update) => {
      if (socket !== this.socket) return;
      if (update.qr) void this.onQr(socket, update.qr, registered);
      if (update.isNewLogin) this.report({ state: 'pairing' });
      if (update.connection === 'open') {
        this.number = jidDecode(socket.user?.id)?.user ?? null;
        this.onConnected(this.number ?? '');
      }
      if (update.connection === 'close') void this.onClose(statusCodeOf(update.lastDisconnect?.error));
    });
    socket.ev.on('messages.upsert', ({ messages }) => {
      for (const message of messages) this.receive(message);
    });
    socket.ev.on('messages.update', (updates) => {
      for (const update of updates) this.publish(normaliseBaileysUpdate(update));
    });
    socket.ev.on('contacts.upsert', (contacts) => {
      for (const contact of contacts) this.rememberContact(contact);
    });
    socket.ev.on('contacts.update', (updates) => {
      for (const update of updates) if (update.id) this.rememberContact({ ...update, id: update.id });
    });
    socket.ev.on('call', (calls) => {
      for (const call of calls) this.publish(normaliseBaileysCall(call));
    });
    socket.ev.on('messaging-history.set', ({ messages }) => {
      // Newest first; only as many as the bound allows, then nothing more for this session.
      for (const message of messages.slice(0, Math.max(0, this.historyLeft))) this.receive(message);
      this.historyLeft = Math.max(0, this.historyLeft - messages.length);
    });
  }

  protected async disconnect(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.number = null;
    await socket?.end(undefined);
  }

  protected async unlink(): Promise<void> {
    await this.socket?.logout().catch((error: unknown) => this.logger.warn({ err: error }, 'logout at WhatsApp failed'));
  }

  private async onQr(socket: WASocket, qr: string, registered: boolean): Promise<void> {
    const phone = this.options.pairingPhoneNumber;
    if (!phone) {
      this.report({ state: 'qr', qr });
      return;
    }
    if (this.pairingRequested || registered) return;
    this.pairingRequested = true;
    try {
      this.report({ state: 'pairingCode', code: await socket.requestPairingCode(phone) });
    } catch (error) {
      this.logger.warn({ err: error }, 'pairing code request failed');
      this.pairingRequested = false;
    }
  }

  private async onClose(code: number | undefined): Promise<void> {
    this.socket = null;
    this.number = null;
    if (this.ended) return;
    if (code !== undefined && PAIRING_GONE.has(code)) return this.onLoggedOut();
    if (code === DisconnectReason.connectionReplaced) return this.onReplaced();
    // After a QR scan WhatsApp asks for a restart with the new credentials: no delay then.
    this.onDropped(`closed (${code ?? 'no code'})`, { immediate: code === DisconnectReason.restartRequired });
  }

  // ---- inbound -----------------------------------------------------------------------------

  private receive(message: WAMessage): void {
    if (message.key.id && message.message) this.recent.set(message.key.id, message);
    if (!shouldPublish(message, (id) => this.sentByUs.has(id))) return;
    const socket = this.socket;
    const normalised = normaliseBaileysMessage(message, {
      meNumber: this.number,
      download: (m) =>
        downloadMediaMessage(
          m,
          'buffer',
          {},
          { logger: this.logger, reuploadRequest: (msg) => (socket ?? this.connected()).updateMediaMessage(msg) },
        ),
    });
    if (normalised) this.publish({ type: 'message', message: normalised });
  }

  /**
   * Fills in the phone number of a customer WhatsApp only named by lid, or the lid of one named
   * only by number, when the lid mapping (kept from the history syncs and lid-mapping updates)
   * knows it: the tickets service then finds one contact whichever form the next message has.
   */
  private async withPhoneNumber(event: DriverInboundEvent): Promise<DriverInboundEvent> {
    if (event.type !== 'message' || !this.socket) return event;
    const { from } = event.message;
    if (from.number && !from.lid && !event.message.fromMe) {
      const lidJid = await this.socket.signalRepository.lidMapping.getLIDForPN(`${from.number}@s.whatsapp.net`).catch(() => null);
      const lid = lidJid ? (jidDecode(lidJid)?.user ?? null) : null;
      return lid ? { ...event, message: { ...event.message, from: { ...from, lid } } } : event;
    }
    if (from.number || !from.lid) return event;
    const pn = await this.socket.signalRepository.lidMapping.getPNForLID(`${event.message.from.lid}@lid`).catch(() => null);
    const number = pn ? (jidDecode(pn)?.user ?? null) : null;
    if (!number) return event;
    const chat = event.message.chat.isGroup ? event.message.chat : { ...event.message.chat, id: number };
    return { ...event, message: { ...event.message, chat, from: { ...event.message.from, number } } };
  }

  /**
   * Hands an event on, in order. WhatsApp already has our receipt, so a failure is retried a few
   * times before the event is given up (and logged).
   */
  private publish(event: DriverInboundEvent | null): void {
    if (!event) return;
    this.inbound = this.inbound.then(async () => {
      const complete = await this.withPhoneNumber(event);
      for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt += 1) {
        try {
          await this.options.listener.onInbound(complete);
          return;
        } catch (error) {
          this.logger.warn({ err: error, attempt, type: event.type }, 'inbound event not published yet');
          await new Promise((resolve) => setTimeout(resolve, reconnectDelay(attempt, { baseMs: 500, maxMs: 10_000 })));
        }
      }
      this.logger.error({ type: event.type }, 'inbound event lost after retries');
    });
  }

  // ---- outbound ----------------------------------------------------------------------------

  private connected(): WASocket {
    if (!this.socket || !this.number) throw new ChannelError('not-connected');
    return this.socket;
  }

  private keyOf(chatId: string, id: string, fromMe: boolean): WAMessageKey {
    return this.recent.get(id)?.key ?? { remoteJid: toJid(chatId), id, fromMe };
  }

  private async send(to: string, content: AnyMessageContent, options?: SendOptions): Promise<SentMessageResult> {
    const socket = this.connected();
    if (/^\d+$/.test(to) && this.knownNumbers.get(to) === undefined) await this.checkNumber(to);
    if (this.knownNumbers.get(to) === false) throw new ChannelError('invalid-number', `${to} is not on WhatsApp`);
    // Baileys quotes from the whole message; one no longer in the recent cache is sent unquoted.
    const quoted = options?.quotedId ? this.recent.get(options.quotedId) : undefined;
    if (options?.quotedId && !quoted)
      this.logger.debug({ quotedId: options.quotedId }, 'quoted message not in the recent cache: sending unquoted');
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(toJid(to), content, {
        ...(quoted ? { quoted } : {}),
        ...(options?.messageId ? { messageId: options.messageId } : {}),
      });
    } catch (error) {
      throw new ChannelError('failed', (error as Error).message);
    }
    if (!sent?.key.id) throw new ChannelError('failed', 'WhatsApp did not accept the message');
    this.sentByUs.set(sent.key.id, true);
    this.recent.set(sent.key.id, sent);
    const seconds = Number(sent.messageTimestamp ?? Math.floor(Date.now() / 1000));
    return { id: sent.key.id, timestamp: seconds * 1000, ack: MessageAck.SENT };
  }
}

/** Provider `beta`: WhatsApp Web multi-device through Baileys. */
export class BaileysDriver implements ChannelDriver {
  readonly provider = 'beta' as const;

  constructor(private readonly settings: BaileysDriverSettings) {}

  createSession(options: ChannelSessionOptions): ChannelSession {
    return new BaileysSession(this.settings, options);
  }
}

import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  BoundedCache,
  type SandboxDevice,
  type SandboxErrorReason,
  type SandboxEvent,
  type SandboxLocationPayload,
  type SandboxMediaPayload,
  type SandboxOutgoingContent,
  type SandboxRequest,
  type SandboxServerFrame,
} from '@atrium/channel';
import { SandboxFailure } from './sandbox-failure.js';

export interface NetworkOptions {
  ackDelayMs: number;
  qrIntervalMs: number;
  /** 0: pair only through scan(). */
  autoScanMs: number;
  publicUrl: string;
  historyLimit: number;
  /** Customers whose conversations are kept (the least recently written to are forgotten beyond). */
  conversationLimit: number;
  outboxLimit: number;
  /** A business message can be deleted for everyone only this long after it was sent (WhatsApp: about 2 days and 12 hours). */
  deleteWindowMs: number;
}

/** A driver's websocket as the network sees it. */
export interface DriverLink {
  send(frame: SandboxServerFrame): void;
  /** Closes after the frames already sent. */
  close(): void;
  /** Drops the connection abruptly, as a network failure would. */
  terminate(): void;
}

/** A message as the network stores it, in either direction. */
export interface StoredMessage {
  id: string;
  direction: 'in' | 'out';
  /** The business number. */
  business: string;
  customer: string;
  pushName: string | null;
  body: string;
  media: SandboxMediaPayload | null;
  location: SandboxLocationPayload | null;
  vcard: string | null;
  quotedId: string | null;
  /** For business messages: 1 sent, 2 received, 3 read. */
  ack: number;
  edited: boolean;
  deleted: boolean;
  timestamp: number;
}

export interface CustomerMessageInput {
  from: string;
  to: string;
  pushName?: string;
  body?: string;
  media?: SandboxMediaPayload;
  location?: SandboxLocationPayload;
  vcard?: string;
  quotedId?: string;
  /** `lid`: WhatsApp addresses the message by the customer's lid instead of their number. */
  addressing?: 'number' | 'lid';
  /** The network announces the customer's lid↔number mapping before the message (lid-mapping update). */
  announceLid?: boolean;
}

/** A customer's lid on the simulated network: stable, 15 digits, derived from the number. */
export function lidOf(number: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(`lid:${number}`).digest('hex').slice(0, 15)}`) % 10n ** 14n;
  return `9${digits.toString().padStart(14, '0')}`;
}

interface Account {
  number: string;
  device: SandboxDevice | null;
  session: string | null;
  link: DriverLink | null;
  /** Events not yet confirmed by the driver, oldest first, by delivery id. */
  outbox: Map<string, SandboxEvent>;
  /** Times a second client connected while one was still connected (the first is told it was replaced). */
  replaced: number;
}

interface LinkState {
  session: string | null;
  account: Account | null;
  qr: string | null;
  pairingCode: string | null;
  pairingPhone: string | null;
  timers: NodeJS.Timeout[];
}

export interface SessionInfo {
  number: string;
  session: string | null;
  connected: boolean;
  pending: number;
  /** Times a client connected while another was still connected with the same device. */
  replaced: number;
}

const NUMBER = /^\d{8,15}$/;

/** The driver requests a fault can be set for (POST /sessions/{number}/faults). */
export const FAULT_OPS = [
  'send',
  'edit',
  'delete',
  'read',
  'check',
  'check-many',
  'picture',
  'reject-call',
  'contacts',
  'presence',
] as const;
export type FaultOp = (typeof FAULT_OPS)[number];

/** Entries kept per business number's address book (the sessions contract's CONTACT_LIST_LIMIT). */
export const ADDRESS_BOOK_LIMIT = 5000;

/** Lookups one business number asked: `check` requests, `check-many` requests, and numbers asked in all. */
export interface NumberChecksCount {
  single: number;
  batches: number;
  numbers: number;
}

export interface AddressBookEntry {
  number: string;
  name: string | null;
}

function newId(prefix: string): string {
  return prefix + randomBytes(8).toString('hex').toUpperCase();
}

/** The business number a session gets when it pairs by itself: stable per session name. */
export function derivedNumber(session: string): string {
  const digest = createHash('sha256').update(session).digest();
  const digits = [...digest.subarray(0, 8)].map((byte) => String(byte % 10)).join('');
  return `55119${digits}`;
}

function randomBusinessNumber(): string {
  return `55119${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * The simulated WhatsApp network: business accounts paired to driver sessions, customers,
 * messages both ways with delayed acks, offline delivery, logout, drops and calls. Transport-free:
 * the websocket server and the HTTP API drive it.
 */
export class SandboxNetwork {
  private readonly accounts = new Map<string, Account>();
  private readonly devices = new Map<string, string>();
  private readonly links = new Map<DriverLink, LinkState>();
  private readonly qrIndex = new Map<string, DriverLink>();
  private readonly codeIndex = new Map<string, DriverLink>();
  private readonly messages = new BoundedCache<string, StoredMessage>(200_000);
  private readonly conversations: BoundedCache<string, StoredMessage[]>;
  private readonly onWhatsAppOverrides = new Map<string, boolean>();
  /** Per business number: how many number lookups it asked, one by one and in batches (GET /sessions/{number}/checks). */
  private readonly checkCounts = new Map<string, NumberChecksCount>();
  /** Per business number: who wrote to it and who was seeded with PUT /sessions/{number}/contacts. */
  private readonly addressBooks = new Map<string, BoundedCache<string, AddressBookEntry>>();
  /** Per business number and op, what its next requests do: true fails one, false lets one through. */
  private readonly faults = new Map<string, Map<FaultOp, boolean[]>>();
  /** Customers' numbers by lid, for the lids the network has shown (businesses may write to `<lid>@lid`). */
  private readonly lidNumbers = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly businessMessageListeners: Array<(message: StoredMessage) => void> = [];

  constructor(private readonly options: NetworkOptions) {
    this.conversations = new BoundedCache<string, StoredMessage[]>(options.conversationLimit);
  }

  // ---- driver side -------------------------------------------------------------------------

  attach(link: DriverLink): void {
    this.links.set(link, { session: null, account: null, qr: null, pairingCode: null, pairingPhone: null, timers: [] });
  }

  detach(link: DriverLink): void {
    const state = this.links.get(link);
    if (!state) return;
    this.clearPairing(state);
    if (state.account?.link === link) state.account.link = null;
    this.links.delete(link);
  }

  hello(link: DriverLink, session: string, device?: SandboxDevice): void {
    const state = this.stateOf(link);
    state.session = session;
    const number = device ? this.devices.get(device.id) : undefined;
    const account = number ? this.accounts.get(number) : undefined;
    if (account && device && account.device?.secret === device.secret) {
      this.bind(link, state, account);
      return;
    }
    this.showQr(link, state);
  }

  requestPairingCode(link: DriverLink, phoneNumber: string): void {
    const state = this.stateOf(link);
    if (state.account) throw new SandboxFailure('failed', 'already paired');
    if (!NUMBER.test(phoneNumber)) throw new SandboxFailure('invalid-number', 'phone number must be 8-15 digits');
    if (state.pairingCode) this.codeIndex.delete(state.pairingCode);
    const code = randomBytes(4).toString('hex').toUpperCase();
    state.pairingCode = code;
    state.pairingPhone = phoneNumber;
    this.codeIndex.set(code, link);
    link.send({ t: 'pairing-code', code });
  }

  received(link: DriverLink, ids: readonly string[]): void {
    const account = this.links.get(link)?.account;
    if (!account || account.link !== link) return;
    for (const id of ids) account.outbox.delete(id);
  }

  async request(link: DriverLink, request: SandboxRequest): Promise<unknown> {
    const account = this.links.get(link)?.account;
    if (!account || account.link !== link) throw new SandboxFailure('not-connected', 'session not connected');
    this.failIfFaulted(account.number, request.op);
    switch (request.op) {
      case 'send':
        return this.businessSends(account, this.numberOfChat(request.to), request.content, request.quotedId, request.messageId);
      case 'edit':
        return this.businessEdits(account, request.to, request.messageId, request.body);
      case 'delete': {
        const message = this.ownMessage(account, request.to, request.messageId);
        if (Date.now() - message.timestamp >= this.options.deleteWindowMs) {
          throw new SandboxFailure('failed', `message ${message.id} is too old to be deleted for everyone`);
        }
        message.deleted = true;
        return { ok: true };
      }
      case 'read':
        return { ok: true };
      case 'check':
        this.countChecks(account.number, 'single', 1);
        return { exists: this.isOnWhatsApp(request.number), chatId: this.isOnWhatsApp(request.number) ? request.number : null };
      case 'check-many':
        this.countChecks(account.number, 'batches', Array.isArray(request.numbers) ? request.numbers.length : 0);
        return {
          results: (Array.isArray(request.numbers) ? request.numbers : [])
            .slice(0, 500)
            .map((number) => ({ number, exists: this.isOnWhatsApp(number), chatId: this.isOnWhatsApp(number) ? number : null })),
        };
      case 'picture':
        return { url: this.isOnWhatsApp(request.chatId) ? `${this.options.publicUrl}/avatars/${request.chatId}.svg` : null };
      case 'reject-call':
        this.rejectedCalls.add(request.callId);
        return { ok: true };
      case 'presence':
        this.presences.push({ business: account.number, customer: request.to, presence: request.presence, at: Date.now() });
        return { ok: true };
      case 'contacts':
        return { contacts: (this.addressBooks.get(account.number)?.values() ?? []).map((entry) => ({ ...entry, lid: null })) };
      case 'logout':
        // Answer first, then close: the driver is waiting for the response.
        this.unlink(account, { notify: false, close: false });
        setImmediate(() => link.close());
        return { ok: true };
    }
  }

  // ---- phone and customer side (HTTP API) ---------------------------------------------------

  /** Pairs the session showing this QR code (or pairing code); answers the business number. */
  scan(input: { qr?: string; code?: string; number?: string }): string {
    const link = input.qr ? this.qrIndex.get(input.qr) : input.code ? this.codeIndex.get(input.code.toUpperCase()) : undefined;
    if (!link) throw new SandboxFailure('message-not-found', 'no session shows this code (it may have expired)', 404);
    const state = this.stateOf(link);
    if (input.number !== undefined && !NUMBER.test(input.number)) throw new SandboxFailure('invalid-number', 'number must be 8-15 digits');
    const number = input.number ?? state.pairingPhone ?? randomBusinessNumber();
    this.pair(link, state, number);
    return number;
  }

  customerSends(input: CustomerMessageInput): StoredMessage {
    const account = this.accountOf(input.to);
    if (!NUMBER.test(input.from)) throw new SandboxFailure('invalid-number', 'from must be 8-15 digits');
    const message: StoredMessage = {
      id: newId('SB'),
      direction: 'in',
      business: input.to,
      customer: input.from,
      pushName: input.pushName ?? null,
      body: input.body ?? '',
      media: input.media ?? null,
      location: input.location ?? null,
      vcard: input.vcard ?? null,
      quotedId: input.quotedId ?? null,
      ack: 0,
      edited: false,
      deleted: false,
      timestamp: Date.now(),
    };
    this.remember(message);
    const known = this.addressBookOf(input.to).get(input.from);
    this.addressBookOf(input.to).set(input.from, { number: input.from, name: known?.name ?? input.pushName ?? null });
    const lid = lidOf(input.from);
    this.lidNumbers.set(lid, input.from);
    if (input.announceLid) this.deliver(account, `${message.id}:lid`, { type: 'lid-mapping', lid, number: input.from });
    const byLid = input.addressing === 'lid';
    this.deliver(account, message.id, {
      type: 'message',
      message: {
        id: message.id,
        chatId: byLid ? `${lid}@lid` : message.customer,
        from: byLid ? { number: null, lid, name: message.pushName } : { number: message.customer, name: message.pushName },
        body: message.body,
        media: message.media,
        location: message.location,
        vcard: message.vcard,
        quotedId: message.quotedId,
        timestamp: message.timestamp,
      },
    });
    return message;
  }

  /** What the business sent this customer, oldest first. */
  businessMessagesTo(customer: string, business?: string): StoredMessage[] {
    return (this.conversations.get(customer) ?? []).filter((m) => m.direction === 'out' && (!business || m.business === business));
  }

  customerReads(id: string): StoredMessage {
    const message = this.messages.get(id);
    if (!message || message.direction !== 'out') throw new SandboxFailure('message-not-found', `no business message ${id}`);
    this.raiseAck(message, 3);
    return message;
  }

  customerEdits(id: string, body: string): StoredMessage {
    const message = this.customerMessage(id);
    message.body = body;
    message.edited = true;
    const account = this.accounts.get(message.business);
    if (account)
      this.deliver(account, `${id}:edit:${Date.now()}`, {
        type: 'edit',
        messageId: id,
        chatId: message.customer,
        body,
        editedAt: Date.now(),
      });
    return message;
  }

  customerRevokes(id: string): StoredMessage {
    const message = this.customerMessage(id);
    message.deleted = true;
    const account = this.accounts.get(message.business);
    if (account) this.deliver(account, `${id}:revoke`, { type: 'revoke', messageId: id, chatId: message.customer });
    return message;
  }

  /** Adds (or renames) entries of a business number's address book; answers how many it holds. */
  seedAddressBook(business: string, entries: readonly AddressBookEntry[]): number {
    if (!NUMBER.test(business)) throw new SandboxFailure('invalid-number', 'business number must be 8-15 digits');
    const book = this.addressBookOf(business);
    for (const entry of entries) book.set(entry.number, { number: entry.number, name: entry.name });
    return book.size;
  }

  private addressBookOf(business: string): BoundedCache<string, AddressBookEntry> {
    let book = this.addressBooks.get(business);
    if (!book) {
      book = new BoundedCache(ADDRESS_BOOK_LIMIT);
      this.addressBooks.set(business, book);
    }
    return book;
  }

  /**
   * After the next `after` requests of `op` from this business number's session go through, the
   * `times` following ones fail as the network refusing them ('failed': a check that cannot be
   * answered, a delete WhatsApp does not accept, ...). Calls add up: each one's plan follows the
   * plans already pending. Answers how many refusals of that op are pending.
   */
  injectFault(business: string, op: FaultOp, times: number, after = 0): number {
    this.accountOf(business);
    const plans = this.faults.get(business) ?? new Map<FaultOp, boolean[]>();
    const plan = [...(plans.get(op) ?? []), ...Array<boolean>(after).fill(false), ...Array<boolean>(times).fill(true)];
    plans.set(op, plan);
    this.faults.set(business, plans);
    return plan.filter(Boolean).length;
  }

  private failIfFaulted(business: string, op: SandboxRequest['op']): void {
    const plan = this.faults.get(business)?.get(op as FaultOp);
    if (!plan || plan.length === 0) return;
    const fails = plan.shift();
    if (plan.length === 0) this.faults.get(business)!.delete(op as FaultOp);
    if (fails) throw new SandboxFailure('failed', `the network refused the ${op} request (fault set through the HTTP API)`);
  }

  setOnWhatsApp(number: string, onWhatsApp: boolean): void {
    if (!/^\d{1,20}$/.test(number)) throw new SandboxFailure('invalid-number', 'number must be digits');
    this.onWhatsAppOverrides.set(number, onWhatsApp);
  }

  /** The lookups a business number made so far. */
  checksOf(number: string): NumberChecksCount {
    return { ...(this.checkCounts.get(number) ?? { single: 0, batches: 0, numbers: 0 }) };
  }

  private countChecks(number: string, kind: 'single' | 'batches', numbers: number): void {
    const counts = this.checkCounts.get(number) ?? { single: 0, batches: 0, numbers: 0 };
    counts[kind] += 1;
    counts.numbers += numbers;
    this.checkCounts.set(number, counts);
  }

  isOnWhatsApp(number: string): boolean {
    return this.onWhatsAppOverrides.get(number) ?? (/^\d{10,15}$/.test(number) || this.accounts.has(number));
  }

  /** The phone unlinks the device: the session needs a new QR code. */
  logout(number: string): void {
    this.unlink(this.accountOf(number), { notify: true, close: true });
  }

  /** The network drops the session's connection; the driver reconnects by itself. */
  drop(number: string): void {
    const account = this.accountOf(number);
    if (!account.link) throw new SandboxFailure('not-connected', `${number} has no connected session`);
    const link = account.link;
    account.link = null;
    link.terminate();
  }

  /** Presences businesses showed their customers ("typing…"), oldest first. */
  private readonly presences: Array<{ business: string; customer: string; presence: string; at: number }> = [];

  /** The presences shown to this customer, oldest first. */
  presencesTo(customer: string): Array<{ business: string; presence: string; at: number }> {
    return this.presences.filter((entry) => entry.customer === customer).map(({ business, presence, at }) => ({ business, presence, at }));
  }

  /** Calls a business rejected (the driver's reject-call), by id. */
  private readonly rejectedCalls = new Set<string>();

  /** Whether the business rejected this call. */
  callRejected(id: string): boolean {
    return this.rejectedCalls.has(id);
  }

  placeCall(from: string, to: string, isVideo: boolean): string {
    const account = this.accountOf(to);
    if (!NUMBER.test(from)) throw new SandboxFailure('invalid-number', 'from must be 8-15 digits');
    const id = newId('CALL');
    this.deliver(account, `${id}:call`, { type: 'call', call: { id, from: { number: from, name: null }, isVideo, timestamp: Date.now() } });
    return id;
  }

  sessions(): SessionInfo[] {
    return [...this.accounts.values()].map((a) => ({
      number: a.number,
      session: a.session,
      connected: a.link !== null,
      pending: a.outbox.size,
      replaced: a.replaced,
    }));
  }

  connectedNumbers(): string[] {
    return [...this.accounts.values()].filter((a) => a.link !== null).map((a) => a.number);
  }

  /** Hears every message a business sends (the demo's customers answer through it). */
  onBusinessMessage(listener: (message: StoredMessage) => void): void {
    this.businessMessageListeners.push(listener);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const state of this.links.values()) this.clearPairing(state);
  }

  // ---- internals -----------------------------------------------------------------------------

  private stateOf(link: DriverLink): LinkState {
    const state = this.links.get(link);
    if (!state) throw new SandboxFailure('not-connected', 'unknown connection');
    return state;
  }

  private accountOf(number: string): Account {
    const account = this.accounts.get(number);
    if (!account) throw new SandboxFailure('invalid-number', `no business number ${number} on the network`, 404);
    return account;
  }

  private showQr(link: DriverLink, state: LinkState): void {
    const next = () => {
      if (state.qr) this.qrIndex.delete(state.qr);
      state.qr = `sandbox-qr:${randomBytes(12).toString('base64url')}`;
      this.qrIndex.set(state.qr, link);
      link.send({ t: 'qr', qr: state.qr });
    };
    next();
    state.timers.push(this.every(this.options.qrIntervalMs, next));
    if (this.options.autoScanMs > 0 && state.session) {
      const session = state.session;
      state.timers.push(this.after(this.options.autoScanMs, () => this.pair(link, state, derivedNumber(session))));
    }
  }

  private clearPairing(state: LinkState): void {
    for (const timer of state.timers) {
      clearTimeout(timer);
      clearInterval(timer);
      this.timers.delete(timer);
    }
    state.timers = [];
    if (state.qr) this.qrIndex.delete(state.qr);
    if (state.pairingCode) this.codeIndex.delete(state.pairingCode);
    state.qr = null;
    state.pairingCode = null;
  }

  private pair(link: DriverLink, state: LinkState, number: string): void {
    this.clearPairing(state);
    let account = this.accounts.get(number);
    if (account) this.unlink(account, { notify: true, close: true });
    else {
      account = { number, device: null, session: null, link: null, outbox: new Map(), replaced: 0 };
      this.accounts.set(number, account);
    }
    const device = { id: randomBytes(8).toString('hex'), secret: randomBytes(24).toString('base64url') };
    account.device = device;
    account.session = state.session;
    this.devices.set(device.id, number);
    link.send({ t: 'paired', number, device });
    this.bind(link, state, account);
  }

  private bind(link: DriverLink, state: LinkState, account: Account): void {
    this.clearPairing(state);
    const previous = account.link;
    if (previous && previous !== link) {
      account.replaced += 1;
      previous.send({ t: 'replaced' });
      previous.close();
      const previousState = this.links.get(previous);
      if (previousState) previousState.account = null;
    }
    account.link = link;
    account.session = state.session;
    state.account = account;
    link.send({ t: 'connected', number: account.number });
    for (const [id, event] of account.outbox) link.send({ t: 'event', id, event });
  }

  /** Forgets the device (phone-side logout, or re-pairing the number elsewhere). */
  private unlink(account: Account, options: { notify: boolean; close: boolean }): void {
    if (account.device) this.devices.delete(account.device.id);
    account.device = null;
    account.outbox.clear();
    const link = account.link;
    account.link = null;
    if (!link) return;
    const state = this.links.get(link);
    if (state) state.account = null;
    if (options.notify) link.send({ t: 'logged-out' });
    if (options.close) link.close();
  }

  /** A chat id the business writes to: a number, or a customer's `<lid>@lid` (the network knows whose). */
  private numberOfChat(chatId: string): string {
    if (!chatId.endsWith('@lid')) return chatId;
    const number = this.lidNumbers.get(chatId.slice(0, -'@lid'.length));
    if (!number) throw new SandboxFailure('invalid-number', `${chatId} is no customer of the network`);
    return number;
  }

  private deliver(account: Account, id: string, event: SandboxEvent): void {
    account.outbox.set(id, event);
    while (account.outbox.size > this.options.outboxLimit) account.outbox.delete(account.outbox.keys().next().value as string);
    account.link?.send({ t: 'event', id, event });
  }

  private remember(message: StoredMessage): void {
    this.messages.set(message.id, message);
    const conversation = this.conversations.get(message.customer) ?? [];
    conversation.push(message);
    if (conversation.length > this.options.historyLimit) conversation.splice(0, conversation.length - this.options.historyLimit);
    this.conversations.set(message.customer, conversation);
  }

  private businessSends(account: Account, to: string, content: SandboxOutgoingContent, quotedId?: string, messageId?: string) {
    // a send repeated with its message id is the message sent before, not a second one (as WhatsApp keeps one message per id)
    const earlier = messageId ? this.messages.get(messageId) : undefined;
    if (earlier && earlier.direction === 'out' && earlier.business === account.number && earlier.customer === to) {
      return { id: earlier.id, timestamp: earlier.timestamp, ack: earlier.ack };
    }
    if (earlier) throw new SandboxFailure('failed', `message id ${messageId} is taken`);
    if (!this.isOnWhatsApp(to)) throw new SandboxFailure('invalid-number', `${to} is not on WhatsApp`);
    if (quotedId && !this.messages.get(quotedId)) throw new SandboxFailure('message-not-found', `no message ${quotedId} to quote`);
    const parts = [content.text, content.media, content.location, content.vcard].filter((part) => part !== undefined);
    if (parts.length !== 1) throw new SandboxFailure('failed', 'send exactly one of text, media, location and vcard');
    const message: StoredMessage = {
      id: messageId ?? newId('3EB0'),
      direction: 'out',
      business: account.number,
      customer: to,
      pushName: null,
      body: content.text ?? content.caption ?? content.vcard ?? '',
      media: content.media ? { mimetype: content.media.mimetype, filename: content.media.filename, base64: content.media.base64 } : null,
      location: content.location ?? null,
      vcard: content.vcard ?? null,
      quotedId: quotedId ?? null,
      ack: 1,
      edited: false,
      deleted: false,
      timestamp: Date.now(),
    };
    this.remember(message);
    this.after(this.options.ackDelayMs, () => this.raiseAck(message, 2));
    for (const listener of this.businessMessageListeners) listener(message);
    return { id: message.id, timestamp: message.timestamp, ack: 1 };
  }

  private businessEdits(account: Account, to: string, messageId: string, body: string) {
    const message = this.ownMessage(account, to, messageId);
    if (message.media || message.location || message.vcard) throw new SandboxFailure('failed', 'only text messages can be edited');
    message.body = body;
    message.edited = true;
    return { id: message.id, timestamp: message.timestamp, ack: message.ack };
  }

  private ownMessage(account: Account, to: string, messageId: string): StoredMessage {
    const message = this.messages.get(messageId);
    if (!message || message.direction !== 'out' || message.business !== account.number || message.customer !== to || message.deleted) {
      throw new SandboxFailure('message-not-found', `no message ${messageId} sent to ${to}`);
    }
    return message;
  }

  private customerMessage(id: string): StoredMessage {
    const message = this.messages.get(id);
    if (!message || message.direction !== 'in' || message.deleted)
      throw new SandboxFailure('message-not-found', `no customer message ${id}`);
    return message;
  }

  private raiseAck(message: StoredMessage, ack: number): void {
    if (message.ack >= ack) return;
    message.ack = ack;
    const account = this.accounts.get(message.business);
    if (account) this.deliver(account, `${message.id}:ack:${ack}`, { type: 'ack', messageId: message.id, chatId: message.customer, ack });
  }

  private after(ms: number, work: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private every(ms: number, work: () => void): NodeJS.Timeout {
    const timer = setInterval(work, ms);
    this.timers.add(timer);
    return timer;
  }
}

export type { SandboxErrorReason };

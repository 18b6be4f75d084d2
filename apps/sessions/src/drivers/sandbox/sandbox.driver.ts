import {
  ChannelError,
  ReconnectingSession,
  type BackoffOptions,
  type ChannelDriver,
  type ChannelSession,
  type ChannelSessionOptions,
  type DriverInboundEvent,
  type OutgoingLocation,
  type OutgoingMedia,
  type SandboxClientFrame,
  type SandboxDevice,
  type SandboxRequest,
  type SandboxServerFrame,
  type SendOptions,
} from '@atrium/channel';
import type { ChannelContact, ChatPresence, CheckNumberResult, ContactListResult, NumberCheck, SentMessageResult } from '@atrium/contracts';
import WebSocket from 'ws';
import { normaliseSandboxEvent } from './sandbox-normaliser.js';

export interface SandboxDriverSettings {
  /** The sandbox's driver websocket, e.g. ws://127.0.0.1:8090/ws. */
  url: string;
  backoff: BackoffOptions;
  /** How long a command waits for the sandbox's answer. */
  requestTimeoutMs: number;
}

/** Where the paired device's credentials live in the auth state. */
const DEVICE_KEY = { category: 'creds', id: 'sandbox-device' } as const;
const MAX_FRAME_BYTES = 32 * 1024 * 1024;
/** Auth-state category of the lid↔number mappings: `<number>` → lid, `<lid>_reverse` → number (Baileys' layout). */
const LID_MAPPING = 'lid-mapping';

interface PendingRequest {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One connection to wa-sandbox, speaking libs/channel's sandbox protocol. */
class SandboxSession extends ReconnectingSession implements ChannelSession {
  private socket: WebSocket | null = null;
  private number: string | null = null;
  private nextRid = 0;
  private readonly pending = new Map<number, PendingRequest>();
  /** Frames other than responses are handled one after another, in arrival order. */
  private frames: Promise<void> = Promise.resolve();
  private pairingRequested = false;

  constructor(
    private readonly settings: SandboxDriverSettings,
    options: ChannelSessionOptions,
  ) {
    super(options, settings.backoff);
  }

  async sendText(to: string, body: string, options?: SendOptions): Promise<SentMessageResult> {
    return this.request({
      op: 'send',
      to,
      content: { text: body },
      quotedId: options?.quotedId,
      messageId: options?.messageId,
    }) as Promise<SentMessageResult>;
  }

  async sendMedia(to: string, media: OutgoingMedia, options?: SendOptions & { caption?: string }): Promise<SentMessageResult> {
    const payload = {
      mimetype: media.mimetype,
      filename: media.filename,
      base64: media.data.toString('base64'),
      voiceNote: media.voiceNote,
    };
    return this.request({
      op: 'send',
      to,
      content: { media: payload, caption: options?.caption },
      quotedId: options?.quotedId,
      messageId: options?.messageId,
    }) as Promise<SentMessageResult>;
  }

  async sendLocation(to: string, location: OutgoingLocation, options?: SendOptions): Promise<SentMessageResult> {
    const description = [location.name, location.address].filter(Boolean).join(' - ') || undefined;
    const content = { location: { latitude: location.latitude, longitude: location.longitude, description } };
    return this.request({
      op: 'send',
      to,
      content,
      quotedId: options?.quotedId,
      messageId: options?.messageId,
    }) as Promise<SentMessageResult>;
  }

  async sendVcard(to: string, vcard: string, options?: SendOptions): Promise<SentMessageResult> {
    return this.request({
      op: 'send',
      to,
      content: { vcard },
      quotedId: options?.quotedId,
      messageId: options?.messageId,
    }) as Promise<SentMessageResult>;
  }

  async editMessage(to: string, messageId: string, body: string): Promise<SentMessageResult> {
    return this.request({ op: 'edit', to, messageId, body }) as Promise<SentMessageResult>;
  }

  async deleteMessage(to: string, messageId: string): Promise<void> {
    await this.request({ op: 'delete', to, messageId });
  }

  async markRead(to: string, messageIds: readonly string[]): Promise<void> {
    await this.request({ op: 'read', to, messageIds: [...messageIds] });
  }

  async checkNumber(number: string): Promise<CheckNumberResult> {
    return this.request({ op: 'check', number }) as Promise<CheckNumberResult>;
  }

  async checkNumbers(numbers: readonly string[]): Promise<NumberCheck[]> {
    const result = (await this.request({ op: 'check-many', numbers: [...numbers] })) as { results: NumberCheck[] };
    return result.results;
  }

  async profilePicture(chatId: string): Promise<string | null> {
    const result = (await this.request({ op: 'picture', chatId })) as { url: string | null };
    return result.url;
  }

  async rejectCall(callId: string): Promise<void> {
    await this.request({ op: 'reject-call', callId });
  }

  async sendPresence(to: string, presence: ChatPresence): Promise<void> {
    await this.request({ op: 'presence', to, presence });
  }

  async listContacts(): Promise<ChannelContact[]> {
    const result = (await this.request({ op: 'contacts' })) as ContactListResult;
    return result.contacts;
  }

  // ---- connection --------------------------------------------------------------------------

  protected async connect(): Promise<void> {
    if (this.ended) return;
    const stored = (await this.options.auth.get(DEVICE_KEY.category, [DEVICE_KEY.id])).get(DEVICE_KEY.id);
    const device = stored ? (JSON.parse(stored) as SandboxDevice) : undefined;
    if (this.ended) return;
    const socket = new WebSocket(this.settings.url, { maxPayload: MAX_FRAME_BYTES });
    this.socket = socket;
    socket.on('open', () => this.send(socket, { t: 'hello', session: this.options.sessionName, device }));
    socket.on('message', (data) => this.receive(socket, data));
    socket.on('close', () => this.closed(socket));
    socket.on('error', (error) => this.options.logger.debug({ err: error }, 'sandbox socket error'));
  }

  /** Closes the socket (waiting up to 2 s for the sandbox to agree); pending commands fail. */
  protected async disconnect(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.number = null;
    this.failPending('session stopped');
    if (!socket) return;
    let timer: NodeJS.Timeout | undefined;
    const closed = new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      timer = setTimeout(() => {
        socket.terminate();
        resolve();
      }, 2000);
    });
    socket.close(1000);
    await closed;
    clearTimeout(timer);
  }

  protected async unlink(): Promise<void> {
    if (this.number) await this.request({ op: 'logout' }).catch(() => undefined);
  }

  private closed(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.number = null;
    this.failPending('connection closed');
    this.onDropped('connection closed');
  }

  private receive(socket: WebSocket, data: WebSocket.RawData): void {
    if (socket !== this.socket) return;
    let frame: SandboxServerFrame;
    try {
      frame = JSON.parse(String(data)) as SandboxServerFrame;
    } catch {
      return;
    }
    if (frame.t === 'response') {
      this.answer(frame);
      return;
    }
    this.frames = this.frames
      .then(() => this.handle(socket, frame))
      .catch((error: unknown) => {
        // Whatever was not confirmed comes again on the next connection.
        this.options.logger.warn({ err: error, frame: frame.t }, 'sandbox frame not handled; reconnecting');
        if (socket === this.socket) socket.terminate();
      });
  }

  private async handle(socket: WebSocket, frame: SandboxServerFrame): Promise<void> {
    if (socket !== this.socket && frame.t !== 'logged-out' && frame.t !== 'replaced') return;
    switch (frame.t) {
      case 'qr':
        if (this.options.pairingPhoneNumber && !this.pairingRequested) {
          this.pairingRequested = true;
          this.send(socket, { t: 'pairing-code', phoneNumber: this.options.pairingPhoneNumber });
          return;
        }
        if (!this.options.pairingPhoneNumber) this.report({ state: 'qr', qr: frame.qr });
        return;
      case 'pairing-code':
        this.report({ state: 'pairingCode', code: frame.code });
        return;
      case 'paired':
        await this.options.auth.set([{ ...DEVICE_KEY, value: JSON.stringify(frame.device) }]);
        this.report({ state: 'pairing' });
        return;
      case 'connected':
        this.number = frame.number;
        this.onConnected(frame.number);
        return;
      case 'event': {
        if (frame.event.type === 'lid-mapping') await this.rememberLid(frame.event.lid, frame.event.number);
        const event = normaliseSandboxEvent(frame.event);
        if (event) await this.options.listener.onInbound(await this.withBothIds(event));
        this.send(socket, { t: 'received', ids: [frame.id] });
        return;
      }
      case 'logged-out':
        return this.onLoggedOut();
      case 'replaced':
        return this.onReplaced();
    }
  }

  // ---- lid mappings ------------------------------------------------------------------------

  /** Keeps a lid↔number mapping the network announced, in the auth state (as Baileys keeps its lid-mapping keys). */
  private async rememberLid(lid: string, number: string): Promise<void> {
    await this.options.auth.set([
      { category: LID_MAPPING, id: number, value: lid },
      { category: LID_MAPPING, id: `${lid}_reverse`, value: number },
    ]);
  }

  /**
   * A message carries both the customer's number and lid when a mapping is known, whichever the
   * network addressed it by, so the tickets service finds one contact either way; a message by
   * lid is in the chat of the number, as Baileys' driver does.
   */
  private async withBothIds(event: DriverInboundEvent): Promise<DriverInboundEvent> {
    if (event.type !== 'message' || event.message.fromMe || event.message.chat.isGroup) return event;
    const { from } = event.message;
    if (from.lid && !from.number) {
      const number = (await this.options.auth.get(LID_MAPPING, [`${from.lid}_reverse`])).get(`${from.lid}_reverse`);
      if (number)
        return { ...event, message: { ...event.message, chat: { ...event.message.chat, id: number }, from: { ...from, number } } };
    }
    if (from.number && !from.lid) {
      const lid = (await this.options.auth.get(LID_MAPPING, [from.number])).get(from.number);
      if (lid) return { ...event, message: { ...event.message, from: { ...from, lid } } };
    }
    return event;
  }

  // ---- commands ----------------------------------------------------------------------------

  private request(request: SandboxRequest): Promise<unknown> {
    const socket = this.socket;
    if (!socket || !this.number) return Promise.reject(new ChannelError('not-connected'));
    const rid = ++this.nextRid;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(rid);
        reject(new ChannelError('failed', `no answer within ${this.settings.requestTimeoutMs} ms`));
      }, this.settings.requestTimeoutMs);
      this.pending.set(rid, { resolve, reject, timer });
      this.send(socket, { t: 'request', rid, ...request });
    });
  }

  private answer(frame: Extract<SandboxServerFrame, { t: 'response' }>): void {
    const pending = this.pending.get(frame.rid);
    if (!pending) return;
    this.pending.delete(frame.rid);
    clearTimeout(pending.timer);
    if (frame.ok) pending.resolve(frame.result);
    else pending.reject(new ChannelError(frame.error, frame.message));
  }

  private failPending(reason: string): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new ChannelError('not-connected', reason));
    }
    this.pending.clear();
  }

  private send(socket: WebSocket, frame: SandboxClientFrame): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }
}

/** Provider `sandbox`: connects sessions to apps/wa-sandbox. */
export class SandboxDriver implements ChannelDriver {
  readonly provider = 'sandbox' as const;

  constructor(private readonly settings: SandboxDriverSettings) {}

  createSession(options: ChannelSessionOptions): ChannelSession {
    return new SandboxSession(this.settings, options);
  }
}

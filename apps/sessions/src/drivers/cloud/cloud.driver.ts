import {
  BoundedCache,
  ChannelError,
  GraphErrorCode,
  MetaGraphClient,
  MetaGraphError,
  reconnectDelay,
  reportState,
  type BackoffOptions,
  type ChannelDriver,
  type ChannelSession,
  type ChannelSessionOptions,
  type GraphOutgoingMessage,
  type OutgoingLocation,
  type OutgoingMedia,
  type OutgoingMenu,
  type OutgoingTemplate,
  type SendOptions,
} from '@atrium/channel';
import { MessageAck, type ChannelContact, type CheckNumberResult, type NumberCheck, type SentMessageResult } from '@atrium/contracts';
import { phoneDetails, type CloudAccountsRepository } from '../../cloud/cloud-accounts.repository.js';
import type { CloudCredentials, CloudSecrets } from '../../cloud/cloud-secrets.js';
import { CloudPacer, type CloudPaceSettings } from './cloud-pacer.js';
import { contactCardOf, mediaMessage, menuInteractive } from './cloud-messages.js';

export interface CloudDriverSettings {
  graph: MetaGraphClient;
  accounts: CloudAccountsRepository;
  secrets: CloudSecrets;
  /** Reconnect backoff while Meta cannot be reached. */
  backoff: BackoffOptions;
  /** Pace of a number (its own messages per second come from the connection). */
  pace: Omit<CloudPaceSettings, 'messagesPerSecond'>;
  defaultMessagesPerSecond: number;
}

/** Sends answered once and asked again with the same id (a retry after a lost answer) get the same answer. */
const SENT_IDS_CAPACITY = 5_000;

const digits = (text: string | undefined): string => (text ?? '').replace(/\D/g, '');

/**
 * One Cloud API number. Nothing stays open: `start` checks the account at Meta (GET
 * /{phone-number-id}) and reports it connected, refused (token expired: 190, or another refusal)
 * or, while Meta cannot be reached, reconnecting. Sends go to POST /{phone-number-id}/messages
 * at the number's pace; what customers send arrives by webhook (apps/sessions/src/cloud).
 */
class CloudSession implements ChannelSession {
  private credentials: CloudCredentials | null = null;
  private pacer: CloudPacer | null = null;
  private connected = false;
  private stopped = true;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly sent = new BoundedCache<string, SentMessageResult>(SENT_IDS_CAPACITY);

  constructor(
    private readonly settings: CloudDriverSettings,
    private readonly options: ChannelSessionOptions,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.attempt = 0;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    reportState(this.options.listener, { state: 'closed' }, this.options.logger);
  }

  /** Nothing to unlink at Meta: the account stays as it is in the WhatsApp Manager. */
  logout(): Promise<void> {
    return this.stop();
  }

  sendText(to: string, body: string, options?: SendOptions): Promise<SentMessageResult> {
    return this.send(to, { type: 'text', text: { body, preview_url: /https?:\/\//.test(body) } }, options);
  }

  async sendMedia(to: string, media: OutgoingMedia, options?: SendOptions & { caption?: string }): Promise<SentMessageResult> {
    const known = options?.messageId ? this.sent.get(options.messageId) : undefined;
    if (known) return known;
    const account = this.account();
    const id = await this.graphCall(() => this.settings.graph.uploadMedia(account.phoneNumberId, account.accessToken, media));
    const { messaging_product: _product, to: _to, ...message } = mediaMessage(to, media, { id }, options?.caption);
    return this.send(to, message as SendableMessage, options);
  }

  sendLocation(to: string, location: OutgoingLocation, options?: SendOptions): Promise<SentMessageResult> {
    const { latitude, longitude, name, address } = location;
    return this.send(
      to,
      { type: 'location', location: { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } },
      options,
    );
  }

  sendVcard(to: string, vcard: string, options?: SendOptions): Promise<SentMessageResult> {
    return this.send(to, { type: 'contacts', contacts: [contactCardOf(vcard)] }, options);
  }

  sendReaction(to: string, messageId: string, emoji: string): Promise<SentMessageResult> {
    return this.send(to, { type: 'reaction', reaction: { message_id: messageId, emoji } });
  }

  sendMenu(to: string, menu: OutgoingMenu, options?: SendOptions): Promise<SentMessageResult> {
    return this.send(to, { type: 'interactive', interactive: menuInteractive(menu) }, options);
  }

  sendTemplate(to: string, template: OutgoingTemplate, options?: SendOptions): Promise<SentMessageResult> {
    const { name, language, components } = template;
    return this.send(
      to,
      { type: 'template', template: { name, language: { code: language }, ...(components ? { components } : {}) } },
      options,
    );
  }

  editMessage(): Promise<SentMessageResult> {
    return Promise.reject(new ChannelError('failed', 'the Cloud API cannot edit a sent message'));
  }

  deleteMessage(): Promise<void> {
    return Promise.reject(new ChannelError('failed', 'the Cloud API cannot delete a sent message'));
  }

  /** Meta marks the message and every earlier one of the chat read: the last one is enough. */
  async markRead(_to: string, messageIds: readonly string[]): Promise<void> {
    const last = messageIds[messageIds.length - 1];
    if (!last) return;
    const account = this.account();
    await this.graphCall(() => this.settings.graph.markRead(account.phoneNumberId, account.accessToken, last));
  }

  /** The Cloud API has no contact lookup: a number is taken as it is, and Meta reports 131026 on a send it cannot deliver. */
  checkNumber(number: string): Promise<CheckNumberResult> {
    return Promise.resolve({ exists: true, chatId: digits(number) });
  }

  checkNumbers(numbers: readonly string[]): Promise<NumberCheck[]> {
    return Promise.resolve(numbers.map((number) => ({ number, exists: true, chatId: digits(number) })));
  }

  profilePicture(): Promise<string | null> {
    return Promise.resolve(null);
  }

  /** Calls do not reach Cloud API numbers as calls: nothing to reject. */
  rejectCall(): Promise<void> {
    return Promise.resolve();
  }

  /** No typing indicator without a message to answer: nothing is shown. */
  sendPresence(): Promise<void> {
    return Promise.resolve();
  }

  listContacts(): Promise<ChannelContact[]> {
    return Promise.resolve([]);
  }

  // ---- internals ---------------------------------------------------------------------------

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { listener, logger, connection } = this.options;
    reportState(listener, { state: 'connecting' }, logger);
    if (!connection) throw new Error('a Cloud API session needs its connection');
    const row = await this.settings.accounts.find(connection.companyId, connection.whatsappId);
    this.credentials = row ? this.settings.secrets.credentialsOf(row) : null;
    if (!this.credentials) {
      reportState(listener, { state: 'refused', reason: 'cloud-refused', detail: 'incomplete Cloud API account' }, logger);
      return;
    }
    const account = this.credentials;
    try {
      const phone = await this.settings.graph.phoneNumber(account.phoneNumberId, account.accessToken);
      await this.settings.accounts.record(account.companyId, account.whatsappId, phoneDetails(phone));
      this.pacer = new CloudPacer({
        ...this.settings.pace,
        messagesPerSecond: account.messagesPerSecond ?? this.settings.defaultMessagesPerSecond,
      });
      this.connected = true;
      this.attempt = 0;
      if (!this.stopped)
        reportState(listener, { state: 'connected', number: digits(phone.display_phone_number) || account.phoneNumberId }, logger);
    } catch (error) {
      if (error instanceof MetaGraphError && error.httpStatus < 500 && !error.rateLimited) {
        await this.refuse(error);
        return;
      }
      this.attempt += 1;
      const delayMs = reconnectDelay(this.attempt - 1, this.settings.backoff);
      logger.warn({ err: error, delayMs }, 'Graph API unreachable: retrying');
      reportState(listener, { state: 'reconnecting', attempt: this.attempt, delayMs, reason: String(error), cause: 'unreachable' }, logger);
      this.retryTimer = setTimeout(
        () => void this.connect().catch((failure: unknown) => logger.error({ err: failure }, 'Cloud API check failed')),
        delayMs,
      );
    }
  }

  /** Meta refused the account: its reason is kept on the connection, the session is DISCONNECTED. */
  private async refuse(error: MetaGraphError): Promise<void> {
    this.connected = false;
    const account = this.credentials;
    if (account) await this.settings.accounts.record(account.companyId, account.whatsappId, { cloudError: error.summary });
    reportState(
      this.options.listener,
      { state: 'refused', reason: error.tokenExpired ? 'cloud-token-expired' : 'cloud-refused', detail: error.summary },
      this.options.logger,
    );
  }

  private account(): CloudCredentials {
    if (!this.connected || !this.credentials) throw new ChannelError('not-connected');
    return this.credentials;
  }

  private async send(to: string, message: SendableMessage, options?: SendOptions): Promise<SentMessageResult> {
    const known = options?.messageId ? this.sent.get(options.messageId) : undefined;
    if (known) return known;
    const account = this.account();
    const pacer = this.pacer!;
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...(options?.quotedId ? { context: { message_id: options.quotedId } } : {}),
      ...message,
    } as GraphOutgoingMessage;
    const answer = await this.graphCall(() =>
      pacer.run(to, () => this.settings.graph.sendMessage(account.phoneNumberId, account.accessToken, body)),
    );
    const id = answer.messages[0]?.id;
    if (!id) throw new ChannelError('failed', 'Meta answered without a message id');
    const result: SentMessageResult = { id, timestamp: Date.now(), ack: MessageAck.SENT };
    if (options?.messageId) this.sent.set(options.messageId, result);
    return result;
  }

  /** A Graph API call whose refusal becomes the channel's error (an expired token disconnects the session). */
  private async graphCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof MetaGraphError)) throw new ChannelError('failed', error instanceof Error ? error.message : String(error));
      if (error.tokenExpired) {
        await this.refuse(error);
        throw new ChannelError('not-connected', error.summary);
      }
      if (error.code === GraphErrorCode.REENGAGEMENT_WINDOW) throw new ChannelError('window-closed', error.summary);
      if (error.rateLimited || error.pairRateLimited) throw new ChannelError('throttled', error.summary);
      throw new ChannelError('failed', error.summary);
    }
  }
}

type SendableMessage = Omit<GraphOutgoingMessage, 'messaging_product' | 'recipient_type' | 'to' | 'context'> & Record<string, unknown>;

/** Provider `cloud`: Meta's WhatsApp Cloud API through the Graph API (docs/adr/021). */
export class CloudDriver implements ChannelDriver {
  readonly provider = 'cloud' as const;

  constructor(private readonly settings: CloudDriverSettings) {}

  createSession(options: ChannelSessionOptions): ChannelSession {
    return new CloudSession(this.settings, options);
  }
}

import type {
  AuthStateStore,
  ChannelDriver,
  ChannelListener,
  ChannelSession,
  ChannelState,
  DriverInboundEvent,
  DriverInboundMessage,
} from '@atrium/channel';
import { AppError, ErrorCode, type ChannelMedia, type OutboundCommandDto, type OutboundResult } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import type { ConnectionEvents } from '../shared/connection.events.js';
import type { InboundPublisher } from '../inbound/inbound-publisher.js';
import type { MediaStore } from '../inbound/media-store.js';
import { notSentError } from './handover-wait.js';
import { executeCommand } from './outbound-executor.js';
import type { SendPacer } from './send-pacer.js';
import type { SessionStatePatch, SessionStateRepository } from './session-state.repository.js';

/** Longest a stopping session waits for the commands its driver is running. */
const STOP_DRAIN_MS = 5_000;

export interface SessionRef {
  companyId: number;
  whatsappId: number;
}

/** What a running session needs from its replica. */
export interface RunningSessionDeps {
  owner: string;
  state: SessionStateRepository;
  events: ConnectionEvents;
  publisher: InboundPublisher;
  media: MediaStore;
  logger: Logger;
  maxQrCodes: number;
  /** Longest one connection attempt may go without a QR code or a connection (ChannelSessionOptions.attemptTimeoutMs). */
  attemptTimeoutMs: number;
  /** The session ended on purpose (logged out, timed out, disconnected) or another owner has it. */
  forget(session: RunningSession): void;
}

export interface StartOptions {
  pairingPhoneNumber?: string;
  /**
   * The session was CONNECTED on the replica that ran it before (a takeover or a handover): its
   * first `connecting` is not written, so the status goes on showing CONNECTED until it connects
   * here (a reconnect, a QR code or a logout is written as usual) — one status write and one
   * event fewer per session moved.
   */
  resumingConnected?: boolean;
}

/** The stable name a connection's session has on the network (the sandbox derives its demo number from it). */
export function sessionNameOf(ref: SessionRef): string {
  return `atrium-${ref.companyId}-${ref.whatsappId}`;
}

/**
 * One WhatsApp session on the replica that holds its lease: drives the channel session, turns
 * its states into the spec's statuses (QR codes counted for TIMEOUT), publishes what it receives
 * on the inbound stream and runs outbound commands. Status writes are fenced by the lease.
 */
export class RunningSession implements ChannelListener {
  private channel: ChannelSession | null = null;
  private connected = false;
  private qrCodes = 0;
  /** State changes are handled one after another, in the order the driver reported them. */
  private states: Promise<void> = Promise.resolve();
  private ended = false;
  /** The row shows CONNECTED from the previous owner and nothing happened here yet but connecting. */
  private resuming = false;
  /** Connected since start(): the first drop retries showing OPENING (a blip), later failures show DISCONNECTED and why. */
  private wasConnected = false;
  /** The next `connecting` is the first of a start (on request): the previous reason no longer applies. */
  private freshStart = false;
  /** The status last written (sessions_by_status). */
  status = 'OPENING';
  /** Commands handed to the driver and not answered yet: stop() lets them finish. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopping = false;

  constructor(
    readonly ref: SessionRef,
    private driver: ChannelDriver,
    private readonly auth: AuthStateStore,
    private readonly pacer: SendPacer,
    private readonly deps: RunningSessionDeps,
  ) {}

  get isConnected(): boolean {
    return this.connected;
  }

  /** The provider this session runs on now. */
  get provider(): ChannelDriver['provider'] {
    return this.driver.provider;
  }

  /**
   * The connection's provider changed: the current channel is closed (its pairing means nothing
   * to the other network) and the next start() runs on `driver`.
   */
  async switchDriver(driver: ChannelDriver): Promise<void> {
    if (driver === this.driver) return;
    await this.channel?.stop();
    this.channel = null;
    this.connected = false;
    this.driver = driver;
  }

  async start(options: StartOptions = {}): Promise<void> {
    this.stopping = false;
    this.qrCodes = 0;
    this.ended = false;
    this.resuming = options.resumingConnected === true;
    this.wasConnected = this.resuming;
    this.freshStart = true;
    this.channel = this.driver.createSession({
      sessionName: sessionNameOf(this.ref),
      auth: this.auth,
      listener: this,
      logger: this.deps.logger.child({ whatsappId: this.ref.whatsappId, companyId: this.ref.companyId }),
      pairingPhoneNumber: options.pairingPhoneNumber,
      attemptTimeoutMs: this.deps.attemptTimeoutMs,
      connection: this.ref,
    });
    await this.channel.start();
  }

  /**
   * Closes the connection and keeps the auth state (shutdown, handover, lease lost). Commands
   * already handed to the driver finish first (for STOP_DRAIN_MS at most): closed under them, a
   * send might reach WhatsApp with no answer back; new ones are refused as not sent.
   */
  async stop(): Promise<void> {
    this.ended = true;
    this.stopping = true;
    const deadline = Date.now() + STOP_DRAIN_MS;
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
      ]);
    }
    await this.channel?.stop();
  }

  /** Start again (retry), keeping the auth state; a connected session without a pairing request is left alone. */
  async restart(options: StartOptions): Promise<void> {
    if (this.connected && !options.pairingPhoneNumber) return;
    await this.channel?.stop();
    await this.start(options);
  }

  /** Forget the pairing (unlinking the device when connected) and show a new QR code. */
  async reset(): Promise<void> {
    if (this.connected) await this.channel?.logout();
    else await this.channel?.stop();
    await this.auth.clear();
    await this.start();
  }

  /** Log out at WhatsApp and stop for good: DISCONNECTED. */
  async disconnect(): Promise<void> {
    this.ended = true;
    await this.channel?.logout();
    await this.end({ status: 'DISCONNECTED', statusReason: null, qrcode: '', pairingCode: '', retries: 0 });
  }

  /** Log out and stop without writing anything (the connection is being deleted). */
  async remove(): Promise<void> {
    this.ended = true;
    await this.channel?.logout();
  }

  async execute(command: OutboundCommandDto): Promise<OutboundResult> {
    if (!this.channel || !this.connected || this.stopping) throw notSentError();
    const running = executeCommand(this.channel, command, { pacer: this.pacer, media: this.deps.media });
    const tracked = running.catch(() => undefined);
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
    return running;
  }

  // ---- ChannelListener ---------------------------------------------------------------------

  onState(state: ChannelState): Promise<void> {
    this.states = this.states
      .then(() => this.handleState(state))
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error, state: state.state, whatsappId: this.ref.whatsappId }, 'could not record session state');
      });
    return this.states;
  }

  async onInbound(event: DriverInboundEvent): Promise<void> {
    const base = { companyId: this.ref.companyId, whatsappId: this.ref.whatsappId, receivedAt: Date.now() };
    if (event.type !== 'message') {
      await this.deps.publisher.publish({ ...event, ...base });
      return;
    }
    const media = await this.storeMedia(event.message);
    await this.deps.publisher.publish({ ...base, type: 'message', message: { ...event.message, media } });
  }

  // ---- internals ---------------------------------------------------------------------------

  private async handleState(state: ChannelState): Promise<void> {
    switch (state.state) {
      case 'connecting': {
        // An automatic retry keeps showing why the last attempt failed; a start on request does not.
        const fresh = this.freshStart;
        this.freshStart = false;
        if (this.resuming) return;
        return this.write({ status: 'OPENING', ...(fresh ? { statusReason: null } : {}), qrcode: '', pairingCode: '' });
      }
      case 'qr':
        this.resuming = false;
        if (this.ended) return;
        this.qrCodes += 1;
        if (this.qrCodes > this.deps.maxQrCodes) return this.timeOut();
        return this.write({ status: 'qrcode', statusReason: null, qrcode: state.qr, pairingCode: '', retries: this.qrCodes });
      case 'pairingCode':
        return this.write({ status: 'PAIRING', statusReason: null, qrcode: '', pairingCode: state.code });
      case 'pairing':
        return this.write({ status: 'PAIRING', statusReason: null, qrcode: '', pairingCode: '' });
      case 'connected': {
        this.resuming = false;
        this.connected = true;
        this.wasConnected = true;
        this.qrCodes = 0;
        return this.write({ status: 'CONNECTED', statusReason: null, qrcode: '', pairingCode: '', retries: 0, number: state.number });
      }
      case 'reconnecting': {
        this.resuming = false;
        this.connected = false;
        // A connected session's first drop is usually a blip: OPENING while it reconnects. An
        // attempt that failed shows DISCONNECTED and why, with the automatic retry still due
        // (and the retry button to try at once).
        const blip = this.wasConnected && state.attempt === 1;
        this.wasConnected = false;
        return this.write({ status: blip ? 'OPENING' : 'DISCONNECTED', statusReason: state.cause, qrcode: '', pairingCode: '' });
      }
      case 'loggedOut':
        this.connected = false;
        this.ended = true;
        return this.end({ status: 'DISCONNECTED', statusReason: 'logged-out', qrcode: '', pairingCode: '', retries: 0 });
      case 'replaced':
        // Another client opened this session. If this replica still holds the lease, stop for
        // good rather than take it back (two clients would throw each other out forever).
        this.connected = false;
        this.ended = true;
        return this.end({ status: 'DISCONNECTED', statusReason: 'replaced', qrcode: '', pairingCode: '' });
      case 'refused':
        this.connected = false;
        this.ended = true;
        return this.end({ status: 'DISCONNECTED', statusReason: state.reason, qrcode: '', pairingCode: '' });
      case 'closed':
        this.connected = false;
        return;
    }
  }

  private async timeOut(): Promise<void> {
    this.ended = true;
    await this.channel?.stop();
    await this.end({ status: 'TIMEOUT', statusReason: 'qr-not-scanned', qrcode: '', pairingCode: '', retries: this.qrCodes - 1 });
  }

  /** Writes the state while this replica holds the lease; a lost lease means another replica runs it now. */
  private async write(patch: SessionStatePatch): Promise<void> {
    const row = await this.deps.state.updateAsOwner(this.ref.companyId, this.ref.whatsappId, this.deps.owner, patch);
    if (row && patch.status) this.status = patch.status;
    if (row) this.deps.events.sessionChanged(row);
    else await this.abandon();
  }

  /** Final state, lease dropped: no replica restarts the session until someone asks. */
  private async end(patch: SessionStatePatch): Promise<void> {
    const row = await this.deps.state.endAsOwner(this.ref.companyId, this.ref.whatsappId, this.deps.owner, patch);
    if (row) this.deps.events.sessionChanged(row);
    this.deps.forget(this);
  }

  private async abandon(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.deps.logger.warn({ whatsappId: this.ref.whatsappId }, 'lease lost: stopping the session here');
    this.deps.forget(this);
    await this.channel?.stop();
  }

  private async storeMedia(message: DriverInboundMessage): Promise<ChannelMedia | null> {
    if (!message.media) return null;
    try {
      return await this.deps.media.saveInbound(this.ref.companyId, this.ref.whatsappId, message.media);
    } catch (error) {
      // Too big: the message goes on without its file. Anything else: not confirmed, delivered again.
      if (error instanceof AppError && error.code === ErrorCode.ERR_PAYLOAD_TOO_LARGE) {
        this.deps.logger.warn({ messageId: message.id, whatsappId: this.ref.whatsappId }, 'inbound media too large: not stored');
        return null;
      }
      throw error;
    }
  }
}

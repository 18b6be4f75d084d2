import { reconnectDelay, type BackoffOptions } from './backoff.js';
import type { ChannelSession, ChannelSessionOptions } from './channel-driver.js';
import { reportState, type ChannelState, type ConnectionFailure } from './channel-events.js';

/** States after which an attempt has given the user something to act on (or is connected). */
const ATTEMPT_ANSWERED = new Set<ChannelState['state']>(['qr', 'pairingCode', 'pairing', 'connected']);

/**
 * The lifecycle every driver's session shares: start (connecting), reconnect with backoff while
 * the network drops the connection, stop (closed) or logout, and the two ends the network
 * decides (loggedOut clears the auth state; replaced keeps it). Once ended, nothing reconnects
 * until start() again.
 *
 * A driver implements what happens at its network (connect, disconnect, unlink) and tells the
 * lifecycle how the connection goes (onConnected, onDropped, onLoggedOut, onReplaced).
 *
 * Every attempt is bounded (options.attemptTimeoutMs): one that shows no QR code, pairing code
 * or connection in time is closed and retried after the backoff, reported as `reconnecting` with
 * the cause `timeout` — an unreachable network never leaves a session connecting in silence.
 */
export abstract class ReconnectingSession implements Pick<ChannelSession, 'start' | 'stop' | 'logout'> {
  private stopped = false;
  private attempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private attemptTimer?: NodeJS.Timeout;
  /** The current attempt showed a QR code, a pairing code or connected. */
  private answered = false;

  protected constructor(
    protected readonly options: ChannelSessionOptions,
    private readonly backoff: BackoffOptions,
  ) {}

  /**
   * Opens one connection from the stored auth state, returning early when `ended`. A throw from
   * a reconnect is logged and retried after the next delay; from start() it reaches the caller.
   */
  protected abstract connect(): Promise<void>;
  /** Closes the current connection, if any, keeping the auth state. */
  protected abstract disconnect(): Promise<void>;
  /** Unlinks the device at the network (logout), as far as it can: it must not throw. */
  protected abstract unlink(): Promise<void>;

  async start(): Promise<void> {
    this.stopped = false;
    this.attempt = 0;
    await this.runAttempt();
  }

  async stop(): Promise<void> {
    this.end();
    await this.disconnect();
    this.report({ state: 'closed' });
  }

  async logout(): Promise<void> {
    this.end();
    await this.unlink();
    await this.options.auth.clear();
    await this.stop();
  }

  /** Stopped, logged out or replaced: never reconnect. */
  protected get ended(): boolean {
    return this.stopped;
  }

  /** The connection is open: the next drop starts the backoff from its first step. */
  protected onConnected(number: string): void {
    this.attempt = 0;
    this.report({ state: 'connected', number });
  }

  /**
   * The connection dropped: connect again after the backoff's next delay (reported as
   * `reconnecting`), or at once and unreported when `immediate`. Nothing happens once ended.
   */
  protected onDropped(reason: string, { immediate = false, timedOut = false }: { immediate?: boolean; timedOut?: boolean } = {}): void {
    if (this.stopped) return;
    clearTimeout(this.attemptTimer);
    clearTimeout(this.reconnectTimer);
    const cause: ConnectionFailure = timedOut ? 'timeout' : this.answered ? 'connection-lost' : 'unreachable';
    const delayMs = immediate ? 0 : reconnectDelay(this.attempt++, this.backoff);
    if (delayMs > 0) this.report({ state: 'reconnecting', attempt: this.attempt, delayMs, reason, cause });
    this.reconnectTimer = setTimeout(() => {
      // A restart the network asked for (immediate) continues the attempt that was answered.
      this.runAttempt({ announce: !immediate }).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'reconnect failed');
        this.onDropped('reconnect failed');
      });
    }, delayMs);
  }

  /** The phone unlinked the device: the auth state is cleared and the session ends. */
  protected async onLoggedOut(): Promise<void> {
    this.end();
    await this.options.auth.clear();
    this.report({ state: 'loggedOut' });
  }

  /** Another client opened the same session: this one ends (keeping the auth state). */
  protected onReplaced(): void {
    this.end();
    this.report({ state: 'replaced' });
  }

  /** Tells the listener of a state, without waiting (see reportState). */
  protected report(state: ChannelState): void {
    if (ATTEMPT_ANSWERED.has(state.state)) {
      this.answered = true;
      clearTimeout(this.attemptTimer);
    }
    reportState(this.options.listener, state, this.options.logger);
  }

  /** One connection attempt, announced as `connecting` and abandoned when it has no answer in time. */
  private async runAttempt({ announce = true }: { announce?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    if (announce) {
      this.answered = false;
      this.report({ state: 'connecting' });
    }
    this.armAttemptTimer();
    try {
      await this.connect();
    } catch (error) {
      clearTimeout(this.attemptTimer);
      throw error;
    }
  }

  private armAttemptTimer(): void {
    clearTimeout(this.attemptTimer);
    const timeoutMs = this.options.attemptTimeoutMs;
    if (!timeoutMs || this.answered) return;
    this.attemptTimer = setTimeout(() => {
      if (this.stopped || this.answered) return;
      this.options.logger.warn({ timeoutMs }, 'connection attempt without an answer: retrying');
      this.disconnect()
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not close the attempt'))
        .finally(() => this.onDropped(`no answer within ${timeoutMs} ms`, { timedOut: true }));
    }, timeoutMs);
  }

  private end(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.attemptTimer);
  }
}

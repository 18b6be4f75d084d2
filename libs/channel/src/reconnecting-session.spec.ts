import { afterEach, beforeEach, jest } from '@jest/globals';
import { createLogger } from '@atrium/logging';
import type { AuthStateStore } from './auth-state.js';
import type { ChannelSessionOptions } from './channel-driver.js';
import type { ChannelState } from './channel-events.js';
import { ReconnectingSession } from './reconnecting-session.js';

/** A driver's session reduced to its lifecycle: the network is a list of what was done. */
class RecordingSession extends ReconnectingSession {
  failConnects = 0;

  constructor(
    options: ChannelSessionOptions,
    protected readonly steps: string[],
  ) {
    super(options, { baseMs: 1000, maxMs: 4000 });
  }

  protected async connect(): Promise<void> {
    this.steps.push('connect');
    if (this.failConnects > 0) {
      this.failConnects -= 1;
      throw new Error('network down');
    }
  }

  protected async disconnect(): Promise<void> {
    this.steps.push('disconnect');
  }

  protected async unlink(): Promise<void> {
    this.steps.push('unlink');
  }

  // What the network tells a driver, as its handlers would pass it on.
  connected = (number: string) => this.onConnected(number);
  qr = (qr: string) => this.report({ state: 'qr', qr });
  dropped = (reason: string, options?: { immediate?: boolean }) => this.onDropped(reason, options);
  loggedOut = () => this.onLoggedOut();
  replaced = () => this.onReplaced();
  isEnded = () => this.ended;
}

describe('ReconnectingSession', () => {
  let steps: string[];
  let states: ChannelState[];
  let session: RecordingSession;

  const auth: AuthStateStore = {
    get: async () => new Map(),
    set: async () => undefined,
    clear: async () => void steps.push('clear'),
  };

  beforeEach(() => {
    jest.useFakeTimers();
    steps = [];
    states = [];
    session = new RecordingSession(
      {
        sessionName: 'atrium-1-1',
        auth,
        listener: { onState: (state) => void states.push(state), onInbound: async () => undefined },
        logger: createLogger({ service: 'test', level: 'silent' }),
      },
      steps,
    );
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const reconnects = () => states.filter((s): s is Extract<ChannelState, { state: 'reconnecting' }> => s.state === 'reconnecting');
  const connects = () => steps.filter((step) => step === 'connect').length;

  it('connects on start and, while the connection drops, again after growing delays until it stays up', async () => {
    await session.start();
    expect(states).toEqual([{ state: 'connecting' }]);
    expect(connects()).toBe(1);

    for (let drop = 1; drop <= 3; drop += 1) {
      session.dropped('closed (428)');
      const delayMs = reconnects().at(-1)!.delayMs;
      await jest.advanceTimersByTimeAsync(delayMs - 1);
      expect(connects()).toBe(drop);
      await jest.advanceTimersByTimeAsync(1);
      expect(connects()).toBe(drop + 1);
    }
    expect(reconnects().map(({ attempt, reason }) => ({ attempt, reason }))).toEqual([
      { attempt: 1, reason: 'closed (428)' },
      { attempt: 2, reason: 'closed (428)' },
      { attempt: 3, reason: 'closed (428)' },
    ]);
    const [first, second, third] = reconnects().map((r) => r.delayMs);
    expect(first).toBeGreaterThanOrEqual(500);
    expect(first).toBeLessThanOrEqual(1000);
    expect(second).toBeGreaterThanOrEqual(1000);
    expect(third).toBeGreaterThanOrEqual(2000);

    session.connected('5511999990000');
    expect(states.at(-1)).toEqual({ state: 'connected', number: '5511999990000' });
    session.dropped('closed (408)');
    expect(reconnects().at(-1)).toMatchObject({ attempt: 1, reason: 'closed (408)' });
  });

  it('reconnects at once, unreported and without using up an attempt, when asked to', async () => {
    await session.start();
    session.dropped('closed (515)', { immediate: true });
    await jest.advanceTimersByTimeAsync(0);
    expect(connects()).toBe(2);
    expect(reconnects()).toEqual([]);
    session.dropped('closed (428)');
    expect(reconnects()[0]).toMatchObject({ attempt: 1 });
  });

  it('tries again after a reconnect that failed', async () => {
    await session.start();
    session.failConnects = 1;
    session.dropped('connection closed');
    await jest.advanceTimersByTimeAsync(1000);
    expect(connects()).toBe(2);
    expect(reconnects().at(-1)).toMatchObject({ attempt: 2, reason: 'reconnect failed' });
    await jest.advanceTimersByTimeAsync(2000);
    expect(connects()).toBe(3);
  });

  it('lets a failure of the first connect reach the caller of start()', async () => {
    session.failConnects = 1;
    await expect(session.start()).rejects.toThrow('network down');
  });

  it('stop() closes the connection, cancels a pending reconnect and ignores later drops', async () => {
    await session.start();
    session.dropped('connection closed');
    await session.stop();
    session.dropped('connection closed');
    await jest.runAllTimersAsync();
    expect(steps).toEqual(['connect', 'disconnect']);
    expect(states.at(-1)).toEqual({ state: 'closed' });
    expect(session.isEnded()).toBe(true);

    await session.start();
    expect(session.isEnded()).toBe(false);
    expect(connects()).toBe(2);
  });

  it('logout() unlinks, forgets the auth state, then closes', async () => {
    await session.start();
    await session.logout();
    expect(steps).toEqual(['connect', 'unlink', 'clear', 'disconnect']);
    expect(states.at(-1)).toEqual({ state: 'closed' });
  });

  it('ends for good when the phone unlinks (auth state cleared) or another client takes the session (kept)', async () => {
    await session.start();
    await session.loggedOut();
    session.dropped('connection closed');
    await jest.runAllTimersAsync();
    expect(steps).toEqual(['connect', 'clear']);
    expect(states.at(-1)).toEqual({ state: 'loggedOut' });

    await session.start();
    session.replaced();
    session.dropped('connection closed');
    await jest.runAllTimersAsync();
    expect(steps).toEqual(['connect', 'clear', 'connect']);
    expect(states.at(-1)).toEqual({ state: 'replaced' });
  });

  describe('bounded attempts', () => {
    function boundedSession(attemptTimeoutMs: number): RecordingSession {
      return new RecordingSession(
        {
          sessionName: 'atrium-1-2',
          auth,
          listener: { onState: (state) => void states.push(state), onInbound: async () => undefined },
          logger: createLogger({ service: 'test', level: 'silent' }),
          attemptTimeoutMs,
        },
        steps,
      );
    }

    it('closes an attempt that shows nothing within the bound and retries it after the backoff, cause timeout', async () => {
      const bounded = boundedSession(5000);
      await bounded.start();
      await jest.advanceTimersByTimeAsync(4999);
      expect(reconnects()).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(steps).toEqual(['connect', 'disconnect']);
      expect(reconnects()).toEqual([expect.objectContaining({ attempt: 1, cause: 'timeout' })]);
      await jest.advanceTimersByTimeAsync(reconnects()[0]!.delayMs);
      expect(connects()).toBe(2);
      expect(states.filter((s) => s.state === 'connecting')).toHaveLength(2);
      // The second attempt is bounded too, and waits longer before the third.
      await jest.advanceTimersByTimeAsync(5000);
      expect(reconnects().map((r) => r.cause)).toEqual(['timeout', 'timeout']);
      expect(reconnects()[1]!.delayMs).toBeGreaterThanOrEqual(1000);
      await bounded.stop();
    });

    it('leaves an attempt alone once it shows a QR code, and tells a refused attempt from a lost connection', async () => {
      const bounded = boundedSession(5000);
      await bounded.start();
      bounded.qr('qr-1');
      await jest.advanceTimersByTimeAsync(60_000);
      expect(reconnects()).toEqual([]);
      bounded.dropped('closed (428)');
      expect(reconnects().at(-1)).toMatchObject({ cause: 'connection-lost' });
      await jest.advanceTimersByTimeAsync(reconnects().at(-1)!.delayMs);
      // The new attempt reaches nothing before the network closes it: unreachable.
      bounded.dropped('closed (428)');
      expect(reconnects().at(-1)).toMatchObject({ attempt: 2, cause: 'unreachable' });
      await bounded.stop();
      await jest.runAllTimersAsync();
      expect(connects()).toBe(2);
    });

    it('arms no timer for a first connect that throws', async () => {
      const bounded = boundedSession(1000);
      bounded.failConnects = 1;
      await expect(bounded.start()).rejects.toThrow('network down');
      await jest.runAllTimersAsync();
      expect(steps).toEqual(['connect']);
    });
  });
});

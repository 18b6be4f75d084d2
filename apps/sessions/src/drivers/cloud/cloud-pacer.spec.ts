import { jest } from '@jest/globals';
import { MetaGraphError } from '@atrium/channel';
import { CloudPacer, type CloudPaceSettings } from './cloud-pacer.js';

const settings = (overrides: Partial<CloudPaceSettings> = {}): CloudPaceSettings => ({
  messagesPerSecond: 10,
  pairIntervalMs: 6000,
  pairBurst: 1,
  attempts: 4,
  backoff: { baseMs: 200, maxMs: 200 },
  retryBudgetMs: 60_000,
  ...overrides,
});

const metaError = (code: number) => new MetaGraphError(400, code, `error ${code}`);

/**
 * The Cloud API driver's pacer (issue 26) on a fake clock: the number's throughput, Meta's pair
 * limit per customer, and the throttling answers retried. Times are the fake clock's, read at
 * each send's start, so nothing here depends on how fast the machine is.
 */
describe('CloudPacer', () => {
  let t0: number;
  let starts: Array<{ to: string; label: string; at: number }>;
  const clock = () => Date.now();
  const sender =
    (pacer: CloudPacer) =>
    (to: string, label: string, outcome: () => Promise<string> = () => Promise.resolve(label)) =>
      pacer.run(to, () => {
        starts.push({ to, label, at: Date.now() - t0 });
        return outcome();
      });

  beforeEach(() => {
    jest.useFakeTimers();
    t0 = Date.now();
    starts = [];
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("starts the number's sends 1000/messagesPerSecond ms apart, whoever they go to", async () => {
    const send = sender(new CloudPacer(settings({ messagesPerSecond: 10 }), clock));
    const sent = Promise.all(['a', 'b', 'c', 'd', 'e'].map((to) => send(to, to)));
    await jest.advanceTimersByTimeAsync(1000);
    expect(await sent).toEqual(['a', 'b', 'c', 'd', 'e']);
    const times = starts.map((start) => start.at);
    expect(times[0]).toBe(0);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(100);
  });

  it('gives a customer a burst, then one message per pair interval, in the order asked; others are not held up', async () => {
    const send = sender(new CloudPacer(settings({ messagesPerSecond: 1000, pairIntervalMs: 6000, pairBurst: 2 }), clock));
    const sent = Promise.all([send('a', '1'), send('a', '2'), send('a', '3'), send('a', '4'), send('b', 'other')]);
    await jest.advanceTimersByTimeAsync(20_000);
    await sent;
    const toA = starts.filter((start) => start.to === 'a');
    expect(toA.map((start) => start.label)).toEqual(['1', '2', '3', '4']);
    expect(toA[1]!.at).toBeLessThan(100);
    expect(toA[2]!.at).toBeGreaterThanOrEqual(6000);
    expect(toA[3]!.at - toA[2]!.at).toBeGreaterThanOrEqual(6000);
    expect(starts.find((start) => start.to === 'b')!.at).toBeLessThan(100);
  });

  it('retries a send Meta throttled (130429, 131056) after a pause and answers it once; another error ends it at once', async () => {
    const pacer = new CloudPacer(settings({ messagesPerSecond: 1000, pairIntervalMs: 0 }), clock);
    const send = sender(pacer);
    let tries = 0;
    const throttledTwice = () => {
      tries += 1;
      return tries === 1 ? Promise.reject(metaError(130429)) : tries === 2 ? Promise.reject(metaError(131056)) : Promise.resolve('ok');
    };
    const retried = send('a', 'throttled', throttledTwice);
    await jest.advanceTimersByTimeAsync(5000);
    expect(await retried).toBe('ok');
    expect(tries).toBe(3);
    expect(pacer.throttled).toBe(2);
    // each retry waited out Meta's pause (half to all of the back-off)
    const retries = starts.filter((start) => start.label === 'throttled').map((start) => start.at);
    expect(retries[1]! - retries[0]!).toBeGreaterThanOrEqual(100);
    expect(retries[2]! - retries[1]!).toBeGreaterThanOrEqual(100);

    let undeliverable = 0;
    const refused = send('b', 'undeliverable', () => {
      undeliverable += 1;
      return Promise.reject(metaError(131026));
    }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(5000);
    expect(await refused).toMatchObject({ code: 131026 });
    expect(undeliverable).toBe(1);
  });

  it("gives up with Meta's error once the attempts are spent, and the customer's next message still goes", async () => {
    const send = sender(new CloudPacer(settings({ messagesPerSecond: 1000, pairIntervalMs: 0, attempts: 3 }), clock));
    let tries = 0;
    const failing = send('a', 'limited', () => {
      tries += 1;
      return Promise.reject(metaError(130429));
    }).catch((error: unknown) => error);
    const next = send('a', 'next');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(await failing).toMatchObject({ code: 130429 });
    expect(tries).toBe(3);
    expect(await next).toBe('next');
    expect(starts.map((start) => start.label)).toEqual(['limited', 'limited', 'limited', 'next']);
  });

  it("fails a throttled send with Meta's error rather than retry it beyond its budget, so its caller hears of it in time", async () => {
    const send = sender(
      new CloudPacer(
        settings({
          messagesPerSecond: 1000,
          pairIntervalMs: 0,
          attempts: 50,
          backoff: { baseMs: 4000, maxMs: 4000 },
          retryBudgetMs: 10_000,
        }),
        clock,
      ),
    );
    let tries = 0;
    const failing = send('a', 'limited', () => {
      tries += 1;
      return Promise.reject(metaError(130429));
    }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(await failing).toMatchObject({ code: 130429 });
    // back-offs of 2-4 s: a few retries fit in 10 s, never the 50 attempts
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(tries).toBeLessThanOrEqual(6);
    expect(starts.at(-1)!.at).toBeLessThanOrEqual(10_000);
  });
});

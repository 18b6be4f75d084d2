import 'reflect-metadata';
import { ErrorCode } from '@atrium/contracts';
import { SendPacer } from './send-pacer.js';

describe('SendPacer', () => {
  it('starts sends of one number at least the minimum gap apart, in order', async () => {
    const pacer = new SendPacer(40, 10);
    const starts: Array<[number, number]> = [];
    await Promise.all([1, 2, 3, 4].map((n) => pacer.run(async () => starts.push([n, performance.now()]))));
    expect(starts.map(([n]) => n)).toEqual([1, 2, 3, 4]);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]![1] - starts[i - 1]![1]).toBeGreaterThanOrEqual(38);
  });

  it('keeps a longer gap a send asks for (a campaign pace), and the number gap when that is longer', async () => {
    const pacer = new SendPacer(10, 10);
    const starts: number[] = [];
    await Promise.all([0, 60, 60, 5].map((gap) => pacer.run(async () => starts.push(performance.now()), gap)));
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(59);
    expect(gaps[1]).toBeGreaterThanOrEqual(59);
    expect(gaps[2]).toBeGreaterThanOrEqual(9);
    expect(gaps[2]).toBeLessThan(50);
  });

  it('starts a send asking for a gap that long after the previous send completed, so the recipient never sees two closer', async () => {
    const pacer = new SendPacer(0, 10);
    const calls: Array<{ start: number; end: number }> = [];
    // each driver call takes 30 ms (the last hop): the message lands somewhere inside it
    const send = () =>
      pacer.run(async () => {
        const call = { start: performance.now(), end: 0 };
        await new Promise((resolve) => setTimeout(resolve, 30));
        call.end = performance.now();
        calls.push(call);
      }, 50);
    await Promise.all([send(), send(), send(), send()]);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i]!.start - calls[i - 1]!.end).toBeGreaterThanOrEqual(49);
  });

  it('keeps the number gap of sends asking for none between their starts, not after the previous one completed', async () => {
    const pacer = new SendPacer(50, 10);
    const starts: number[] = [];
    const send = () =>
      pacer.run(async () => {
        starts.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 45));
      });
    await Promise.all([send(), send(), send()]);
    // 50 ms apart (counting from the previous completion would make it 95)
    for (let i = 1; i < starts.length; i += 1) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(49);
      expect(starts[i]! - starts[i - 1]!).toBeLessThan(90);
    }
  });

  it('does not delay a send that comes after a quiet period', async () => {
    const pacer = new SendPacer(30, 10);
    await pacer.run(async () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const before = performance.now();
    await pacer.run(async () => undefined);
    expect(performance.now() - before).toBeLessThan(20);
  });

  it('keeps going after a failed send', async () => {
    const pacer = new SendPacer(1, 10);
    await expect(pacer.run(async () => Promise.reject(new Error('network')))).rejects.toThrow('network');
    await expect(pacer.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a send at once when too many wait', async () => {
    const pacer = new SendPacer(50, 2);
    const first = pacer.run(async () => 1);
    const second = pacer.run(async () => 2);
    await expect(pacer.run(async () => 3)).rejects.toMatchObject({ code: ErrorCode.ERR_SENDING_WAPP_MSG });
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
  });
});

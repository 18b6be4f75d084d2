import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ConnectionSendOrder, type QueuedText } from './connection-send-order.js';

const text = (messageId: number, closeTicket = false): QueuedText => ({ messageId, ticketId: 100 + messageId, closeTicket });

/** The external API's send order against the real Redis: the turns of jobs handed over in any order. */
describe('ConnectionSendOrder', () => {
  let redis: Redis;
  let prefix: string;
  let order: ConnectionSendOrder;
  const sent: QueuedText[] = [];
  const send = async (queued: QueuedText) => void sent.push(queued);
  const ids = () => sent.map((queued) => queued.messageId);

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(() => redis.disconnect());
  beforeEach(() => {
    prefix = `test:send-order:${randomUUID()}:`;
    order = new ConnectionSendOrder(redis, prefix, 60);
    sent.length = 0;
  });
  afterEach(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });

  it('sends the texts in id order when the later jobs are handed over first, each once', async () => {
    for (const id of [1, 2, 3]) await order.record(1, 7, text(id, id === 2));
    // the worker hands job 3 over first, the lane idle: texts 1 and 2 leave before it
    await order.turn(1, 7, text(3), send);
    expect(ids()).toEqual([1, 2, 3]);
    expect(sent[1]).toEqual(text(2, true));
    // the earlier jobs' turns find their texts taken
    await order.turn(1, 7, text(1), send);
    await order.turn(1, 7, text(2), send);
    expect(ids()).toEqual([1, 2, 3]);
  });

  it("sends up to the turn's own text only, and keeps connections apart", async () => {
    for (const id of [1, 2, 3]) await order.record(1, 7, text(id));
    await order.record(1, 8, text(4));
    await order.turn(1, 7, text(2), send);
    expect(ids()).toEqual([1, 2]);
    await order.turn(1, 8, text(4), send);
    await order.turn(1, 7, text(3), send);
    expect(ids()).toEqual([1, 2, 4, 3]);
  });

  it("sends a job's own text when its record has not been written yet", async () => {
    await order.record(1, 7, text(2));
    await order.turn(1, 7, text(1), send);
    expect(ids()).toEqual([1]);
    // the record's write arriving after the turn does not send it again
    await order.record(1, 7, text(1));
    await order.turn(1, 7, text(2), send);
    expect(ids()).toEqual([1, 2]);
  });

  it('never sends a text whose send a turn had started, even when that send failed', async () => {
    for (const id of [1, 2]) await order.record(1, 7, text(id));
    await expect(order.turn(1, 7, text(1), () => Promise.reject(new Error('worker died')))).rejects.toThrow('worker died');
    // the job run again, and the next job's turn
    await order.turn(1, 7, text(1), send);
    await order.turn(1, 7, text(2), send);
    expect(ids()).toEqual([2]);
  });

  it('withdraws a text not taken yet, and not one a turn took', async () => {
    for (const id of [1, 2]) await order.record(1, 7, text(id));
    expect(await order.withdraw(1, 7, 2)).toBe(true);
    await order.turn(1, 7, text(1), send);
    expect(ids()).toEqual([1]);
    expect(await order.withdraw(1, 7, 1)).toBe(false);
  });
});

import { ConnectionLanes } from './connection-lanes.js';

/** A promise and its resolver, to hold a work until the test lets it finish. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('ConnectionLanes', () => {
  it('runs a connection\'s work one after the other, in the order queued', async () => {
    const lanes = new ConnectionLanes();
    const ran: string[] = [];
    const first = gate();
    const done = [
      lanes.run(1, async () => {
        await first.promise;
        ran.push('a');
      }),
      lanes.run(1, async () => void ran.push('b')),
    ];
    await Promise.resolve();
    expect(ran).toEqual([]);
    first.open();
    await Promise.all(done);
    expect(ran).toEqual(['a', 'b']);
  });

  it('runs keyed work smallest key first when it arrives while the lane is busy, and settles each with its own result', async () => {
    const lanes = new ConnectionLanes();
    const ran: number[] = [];
    const busy = gate();
    const held = lanes.runInOrder(7, 1, async () => {
      await busy.promise;
      ran.push(1);
      return 1;
    });
    // handed over out of order while key 1 is being sent
    const later = [4, 2, 3].map((key) => lanes.runInOrder(7, key, async () => (ran.push(key), key * 10)));
    const otherConnection = lanes.runInOrder(8, 9, async () => (ran.push(9), 90));
    expect(await otherConnection).toBe(90);
    busy.open();
    expect(await held).toBe(1);
    expect(await Promise.all(later)).toEqual([40, 20, 30]);
    expect(ran).toEqual([9, 1, 2, 3, 4]);
  });

  it('goes on after a work that failed, and rejects that work\'s own promise', async () => {
    const lanes = new ConnectionLanes();
    const failed = lanes.runInOrder(1, 1, () => Promise.reject(new Error('refused')));
    const next = lanes.runInOrder(1, 2, async () => 'sent');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('sent');
  });
});

import { ConnectionLanes } from './connection-lanes.js';

/** A promise and its resolver, to hold a work until the test lets it finish. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('ConnectionLanes', () => {
  it("runs a connection's work one after the other, in the order queued", async () => {
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

  it("goes on after a work that failed, and rejects that work's own promise", async () => {
    const lanes = new ConnectionLanes();
    const failed = lanes.run(1, () => Promise.reject(new Error('refused')));
    const next = lanes.run(1, async () => 'sent');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('sent');
  });
});

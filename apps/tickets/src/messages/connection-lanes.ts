/**
 * Each connection's sends of this process, one after the other (the external API's lanes). `run`
 * queues work behind everything queued for the connection before it. `runInOrder` queues a turn
 * too, but the turn runs the smallest-keyed work waiting for the connection at that moment: work
 * handed over slightly out of order (BullMQ hands a worker's concurrent fetches over as they
 * complete) still runs in key order whenever the lane was busy when it arrived. Each work's promise
 * settles when that work itself ran.
 */
export class ConnectionLanes {
  /** The tail of each connection's chain. */
  private readonly tails = new Map<number, Promise<unknown>>();
  /** Each connection's keyed work not yet run, smallest key first. */
  private readonly waiting = new Map<number, { key: number; work: () => Promise<void> }[]>();

  run<T>(connectionId: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(connectionId) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(connectionId, tail);
    void tail.then(() => {
      if (this.tails.get(connectionId) === tail) this.tails.delete(connectionId);
    });
    return result;
  }

  runInOrder<T>(connectionId: number, key: number, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiting = this.waiting.get(connectionId) ?? [];
      this.waiting.set(connectionId, waiting);
      const at = waiting.findIndex((entry) => entry.key > key);
      waiting.splice(at === -1 ? waiting.length : at, 0, { key, work: () => work().then(resolve, reject) });
      // one turn per work: each turn takes the smallest waiting one
      void this.run(connectionId, () => {
        const own = this.waiting.get(connectionId)!;
        const next = own.shift()!;
        if (own.length === 0) this.waiting.delete(connectionId);
        return next.work();
      });
    });
  }
}

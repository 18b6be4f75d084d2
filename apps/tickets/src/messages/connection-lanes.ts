/**
 * Each connection's sends of this process, one after the other (the external API's lanes). `run`
 * queues work behind everything queued for the connection before it; a work that fails does not
 * stop the ones after it.
 */
export class ConnectionLanes {
  /** The tail of each connection's chain. */
  private readonly tails = new Map<number, Promise<unknown>>();

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
}

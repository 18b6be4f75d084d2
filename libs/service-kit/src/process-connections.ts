/**
 * Connections that several services composed in one process (apps/single) share: CoreModule asks
 * here first, and only a process that called `shareConnectionsInThisProcess()` shares anything;
 * a service in its own process opens and closes its connections as ever. Each shared connection
 * is counted by its users and closed when the last one lets go, so the services still stop one by
 * one, in any order, without knowing of each other.
 *
 * Shared: the NATS request client (one connection: requests, live events, JetStream publishing and
 * consuming are all multiplexed on it) and the Redis client of plain commands (rate limits,
 * caches, locks; no service puts it in subscriber or blocking mode). Not shared: each service's
 * NATS server connection (Nest's transport owns it, with its queue group), its PostgreSQL pool
 * (lazy and idle-timed, so it costs nothing at rest, and a burst of one service cannot starve
 * another), BullMQ's worker connections (blocking) and LISTEN clients (docs/adr/026).
 */
interface SharedConnection {
  value: unknown;
  users: number;
  close: () => Promise<unknown>;
}

export class ProcessConnections {
  private readonly byKey = new Map<string, SharedConnection>();

  /** The connection known by `key`, opened by `open` for its first user. */
  acquire<T>(key: string, open: () => T, close: (value: T) => Promise<unknown>): T {
    let entry = this.byKey.get(key);
    if (!entry) {
      const value = open();
      entry = { value, users: 0, close: () => close(value) };
      this.byKey.set(key, entry);
    }
    entry.users += 1;
    return entry.value as T;
  }

  /** One user lets go of `value`; the last one closes it. False when `value` is not shared here. */
  async release(value: unknown): Promise<boolean> {
    for (const [key, entry] of this.byKey) {
      if (entry.value !== value) continue;
      entry.users -= 1;
      if (entry.users === 0) {
        this.byKey.delete(key);
        await entry.close();
      }
      return true;
    }
    return false;
  }

  /** How many connections are shared now, and by how many users each (for tests and logs). */
  usage(): Record<string, number> {
    return Object.fromEntries([...this.byKey].map(([key, entry]) => [key, entry.users]));
  }
}

let shared: ProcessConnections | undefined;

/** Called once by a process that composes services, before they start: from then on they share. */
export function shareConnectionsInThisProcess(): ProcessConnections {
  shared ??= new ProcessConnections();
  return shared;
}

/** The process's shared connections, when it shares them. */
export function processConnections(): ProcessConnections | undefined {
  return shared;
}

/** Lets go of a connection: released when shared, else closed by `close`. */
export async function letGo<T>(value: T, close: (value: T) => Promise<unknown>): Promise<void> {
  if (!(await shared?.release(value))) await close(value);
}

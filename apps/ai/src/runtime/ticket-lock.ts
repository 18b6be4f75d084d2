import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * A ticket's bot turns run in one place at a time across replicas: a Redis lock per ticket (SET NX
 * with a token and an expiry, released or extended only by its holder), so a holder that dies frees
 * it when it expires.
 */
export class TicketLock {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  /** The holder's token, or null when another holds the ticket. */
  async acquire(companyId: number, ticketId: number): Promise<string | null> {
    const token = randomUUID();
    const done = await this.redis.set(this.key(companyId, ticketId), token, 'PX', this.ttlMs, 'NX');
    return done === 'OK' ? token : null;
  }

  async extend(companyId: number, ticketId: number, token: string): Promise<boolean> {
    return (await this.redis.eval(EXTEND, 1, this.key(companyId, ticketId), token, String(this.ttlMs))) === 1;
  }

  async release(companyId: number, ticketId: number, token: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(companyId, ticketId), token);
  }

  private key(companyId: number, ticketId: number): string {
    return `${this.prefix}ai:ticket-lock:${companyId}:${ticketId}`;
  }
}

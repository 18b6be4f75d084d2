import type { Redis } from 'ioredis';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  threshold: number;
  /** How long an open circuit refuses calls before one is tried again. */
  cooldownMs: number;
  /** Prepended to the Redis keys (the service's REDIS_PREFIX). */
  prefix: string;
}

/**
 * One circuit per prompt or integration, shared by every replica (Redis): after `threshold`
 * consecutive failures calls are refused for `cooldownMs`; then calls go through again
 * ("half-open"), and the first failure reopens it at once while a success closes it.
 */
export class CircuitBreaker {
  constructor(
    private readonly redis: Redis,
    private readonly options: CircuitBreakerOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async isOpen(name: string): Promise<boolean> {
    const openUntil = Number((await this.redis.hget(this.key(name), 'openUntil')) ?? 0);
    return openUntil > this.now();
  }

  async succeeded(name: string): Promise<void> {
    await this.redis.del(this.key(name));
  }

  /** Counts a failure; true when the circuit is (now) open. */
  async failed(name: string): Promise<boolean> {
    const key = this.key(name);
    const failures = await this.redis.hincrby(key, 'failures', 1);
    // forgotten after a quiet day, so an integration that failed twice last week starts clean
    await this.redis.pexpire(key, Math.max(this.options.cooldownMs * 10, 86_400_000));
    if (failures < this.options.threshold) return false;
    await this.redis.hset(key, 'openUntil', String(this.now() + this.options.cooldownMs));
    return true;
  }

  private key(name: string): string {
    return `${this.options.prefix}ai:breaker:${name}`;
  }
}

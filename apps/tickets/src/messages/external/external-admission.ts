import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../../config.js';

/** How long a call waits for its turn before it is answered 503 (the gateway waits far longer for the answer). */
export const EXTERNAL_ADMISSION_WAIT_MS = 30_000;
/** What a refused caller is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * How many external API calls of this process find their ticket and store their text at once
 * (issue 26, bench/cloud-api.mjs): half the database pool, the rest left to the inbound path,
 * the agents and the sends. Hundreds of concurrent calls to one number (five to each customer,
 * each waiting on its ticket's row lock while holding a connection) used to take the whole pool,
 * and calls that waited 5 s for a connection failed 500 ERR_INTERNAL; beyond the limit a call now
 * waits here, in order, and one that waited EXTERNAL_ADMISSION_WAIT_MS is refused with
 * 503 ERR_SERVICE_UNAVAILABLE and `retryAfterSeconds` (nothing stored, so a retry sends it once).
 */
@Injectable()
export class ExternalAdmission {
  private readonly limit: number;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(@Inject(SERVICE_CONFIG) config: Pick<TicketsConfig, 'DATABASE_POOL_MAX'>) {
    this.limit = Math.max(1, Math.floor(config.DATABASE_POOL_MAX / 2));
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(admit), 1);
        reject(
          new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE, {
            data: { reason: 'too many concurrent sends', retryAfterSeconds: RETRY_AFTER_SECONDS },
          }),
        );
      }, EXTERNAL_ADMISSION_WAIT_MS);
      this.waiting.push(admit);
    });
  }

  /** The next waiting call takes the place (the count stays), or the place is freed. */
  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

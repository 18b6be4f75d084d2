import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type ScheduleRow } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { LOGGER } from '@atrium/service-kit';

const CACHE_MS = 5_000;

/**
 * A company's opening hours (Settings > Horários, kept by identity), asked of identity
 * (`identity.companies.hours`) and cached five seconds; when identity does not answer, the
 * hours last known, else none (open).
 */
@Injectable()
export class CompanyHours {
  private readonly cache = new Map<number, { rows: ScheduleRow[]; at: number }>();

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async of(companyId: number): Promise<ScheduleRow[]> {
    const cached = this.cache.get(companyId);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.rows;
    try {
      const rows = await this.rpc.request(IdentitySubjects.companiesHours, { companyId }, { timeoutMs: 5_000 });
      this.cache.set(companyId, { rows, at: Date.now() });
      return rows;
    } catch (error) {
      this.logger.warn({ err: error, companyId }, 'company hours unavailable');
      return cached?.rows ?? [];
    }
  }

  forget(companyId: number): void {
    this.cache.delete(companyId);
  }
}

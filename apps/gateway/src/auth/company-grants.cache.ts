import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { IdentitySubjects, type CompanyGrants } from '@atrium/contracts';
import { EventBus, RpcClient } from '@atrium/messaging';
import type { Subscription } from '@nats-io/transport-node';

/** How long a company's grants are used without news of them (their `permissions` event replaces them sooner). */
export const GRANTS_CACHE_MS = 60_000;
/** Companies kept at most (a full cache starts over). */
const MAX_COMPANIES = 10_000;

interface Entry {
  grants: CompanyGrants;
  at: number;
}

/**
 * What each company's supervisors and users may do (issue 28), as identity stores it, kept in
 * this gateway so neither a request nor a live event asks identity each time. The grants are
 * not in the access token nor in the user's live state: a save takes effect on every gateway at
 * once, as identity announces it (`permissions`, with the company's whole grants, heard from
 * every company); GRANTS_CACHE_MS bounds a missed announcement (core NATS may drop one).
 */
@Injectable()
export class CompanyGrantsCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly entries = new Map<number, Entry>();
  /** Announcements heard per company: an answer asked before the latest one is not kept. */
  private readonly announced = new Map<number, number>();
  private readonly loading = new Map<number, Promise<CompanyGrants>>();
  private subscription?: Subscription;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.bus.subscribeTo('permissions', (event) => {
      if (typeof event.companyId === 'number' && event.payload && typeof event.payload.grants === 'object') {
        this.remember(event.companyId, event.payload.grants);
      }
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  /** The company's grants, asked of identity when not known or older than GRANTS_CACHE_MS. */
  async get(companyId: number): Promise<CompanyGrants> {
    const entry = this.entries.get(companyId);
    if (entry && Date.now() - entry.at < GRANTS_CACHE_MS) return entry.grants;
    return this.load(companyId);
  }

  /**
   * The grants known now, without waiting (the fan-out decides synchronously): a stale entry is
   * used while a fresh one is asked for; an unknown company answers undefined (the defaults).
   */
  peek(companyId: number): CompanyGrants | undefined {
    const entry = this.entries.get(companyId);
    if (!entry || Date.now() - entry.at >= GRANTS_CACHE_MS) void this.load(companyId).catch(() => undefined);
    return entry?.grants;
  }

  /** A company's grants as just announced. */
  remember(companyId: number, grants: CompanyGrants): void {
    this.announced.set(companyId, (this.announced.get(companyId) ?? 0) + 1);
    this.store(companyId, grants);
  }

  private load(companyId: number): Promise<CompanyGrants> {
    const pending = this.loading.get(companyId);
    if (pending) return pending;
    const seen = this.announced.get(companyId) ?? 0;
    const request = this.rpc
      .request(IdentitySubjects.permissionsGrants, { companyId })
      .then(({ grants }) => {
        // an announcement heard while identity answered is newer than the answer
        if ((this.announced.get(companyId) ?? 0) !== seen) return this.entries.get(companyId)?.grants ?? grants;
        this.store(companyId, grants);
        return grants;
      })
      .finally(() => this.loading.delete(companyId));
    this.loading.set(companyId, request);
    return request;
  }

  private store(companyId: number, grants: CompanyGrants): void {
    if (this.entries.size >= MAX_COMPANIES && !this.entries.has(companyId)) this.entries.clear();
    if (this.announced.size > MAX_COMPANIES) this.announced.clear();
    this.entries.set(companyId, { grants, at: Date.now() });
  }
}

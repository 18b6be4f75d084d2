import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SessionsSubjects, type WhatsappTokenOwner } from '@atrium/contracts';
import { EventBus, RpcClient } from '@atrium/messaging';
import type { Subscription } from '@nats-io/transport-node';

/** How long a token's connection is reused without news of it (the connection's events drop it sooner). */
export const TOKEN_CACHE_MS = 60_000;
/** Entries kept at most (a full cache starts over). */
const MAX_ENTRIES = 10_000;

/**
 * The connection (id, company, status) of an external-API token, as sessions answers it
 * (`whatsappByToken`), kept in this gateway so a request does not ask sessions each time. Keyed
 * by the token's SHA-256 (the token itself is not kept). An entry goes as soon as its connection
 * changes: the connection's events (`whatsapp`: updated, its token regenerated, deleted;
 * `whatsappSession`: status) from every company, and `forget` when this gateway regenerated the
 * token itself (before it answers, so the old token stops at once here); TOKEN_CACHE_MS bounds a
 * missed event. Unknown tokens are not kept (each is asked again).
 */
@Injectable()
export class ApiTokenOwners implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly owners = new Map<string, { owner: WhatsappTokenOwner; at: number }>();
  /** When each connection last changed (an answer asked before that is not kept). */
  private readonly changed = new Map<number, number>();
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onApplicationBootstrap(): void {
    this.subscriptions = [
      this.bus.subscribeTo('whatsapp', (event) =>
        this.forget(event.payload.action === 'delete' ? event.payload.whatsappId : event.payload.whatsapp.id),
      ),
      this.bus.subscribeTo('whatsappSession', (event) => this.forget(event.payload.session.id)),
    ];
  }

  onApplicationShutdown(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
  }

  /** The token's connection; ERR_INVALID_API_TOKEN (from sessions) when it is nobody's. */
  async ownerOf(token: string): Promise<WhatsappTokenOwner> {
    const key = createHash('sha256').update(token).digest('hex');
    const cached = this.owners.get(key);
    if (cached && Date.now() - cached.at < TOKEN_CACHE_MS) return cached.owner;
    const asked = Date.now();
    const owner = await this.rpc.request(SessionsSubjects.whatsappByToken, { token });
    if (this.owners.size >= MAX_ENTRIES) this.owners.clear();
    // an event of the connection that came while sessions answered makes the answer stale: not kept
    if ((this.changed.get(owner.id) ?? 0) < asked) this.owners.set(key, { owner, at: asked });
    return owner;
  }

  /** Drops the entries of a connection (changed, token regenerated, deleted). */
  forget(whatsappId: number): void {
    this.changed.set(whatsappId, Date.now());
    if (this.changed.size > MAX_ENTRIES) this.changed.clear();
    for (const [key, entry] of this.owners) if (entry.owner.id === whatsappId) this.owners.delete(key);
  }
}

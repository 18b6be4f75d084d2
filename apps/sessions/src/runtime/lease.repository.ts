import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { DATABASE } from '@atrium/service-kit';
import { sessionLeases } from '../db/schema.js';
import type { SessionsDatabase } from '../shared/sessions-database.js';

export interface ClaimedLease {
  whatsappId: number;
  companyId: number;
  generation: number;
  /** Who held the lease before (null: released, or never run): another replica's name means a takeover. */
  previousOwner: string | null;
}

/** What a replica's fair share is computed from: the live replicas (itself included) and the sessions that should run. */
export interface ClusterSize {
  replicas: number;
  wanted: number;
}

/**
 * Session leases (docs/adr/003): a row per session that should run, naming the replica that runs
 * it until `expires_at`. Times come from PostgreSQL's clock, so replicas' clocks never disagree.
 * Claims across companies run in system scope; the row still carries its company for RLS.
 */
@Injectable()
export class LeaseRepository {
  constructor(@Inject(DATABASE) private readonly database: SessionsDatabase) {}

  /** The session should run: a lease row that any replica may claim (kept when it exists). */
  async want(companyId: number, whatsappId: number): Promise<void> {
    await this.database.withTenant(companyId, (tx) =>
      tx
        .insert(sessionLeases)
        .values({ whatsappId, companyId, owner: null, expiresAt: sql`now()` })
        .onConflictDoNothing(),
    );
  }

  /** The session should not run any more (disconnected, logged out, timed out). */
  async unwant(companyId: number, whatsappId: number): Promise<void> {
    await this.database.withTenant(companyId, (tx) =>
      tx.delete(sessionLeases).where(and(eq(sessionLeases.companyId, companyId), eq(sessionLeases.whatsappId, whatsappId))),
    );
  }

  /** Claims one session if no live replica holds it (or this one already does). */
  async claim(owner: string, whatsappId: number, ttlMs: number): Promise<ClaimedLease | null> {
    const rows = await this.database.asSystem((tx) =>
      tx.execute<{ whatsapp_id: number; company_id: number; generation: number }>(sql`
        update sessions.session_leases
           set owner = ${owner}, expires_at = now() + make_interval(secs => ${ttlMs / 1000}), generation = generation + 1
         where whatsapp_id = ${whatsappId} and (owner is null or owner = ${owner} or expires_at < now())
     returning whatsapp_id, company_id, generation`),
    );
    const row = rows.rows[0];
    return row ? { whatsappId: row.whatsapp_id, companyId: row.company_id, generation: row.generation, previousOwner: null } : null;
  }

  /**
   * Claims up to `limit` sessions that no live replica holds, the longest free first; concurrent
   * sweeps skip each other's rows. With `freeForMs`, only leases free for at least that long.
   */
  async claimUnowned(owner: string, ttlMs: number, limit: number, freeForMs = 0): Promise<ClaimedLease[]> {
    if (limit <= 0) return [];
    const rows = await this.database.asSystem((tx) =>
      tx.execute<{ whatsapp_id: number; company_id: number; generation: number; previous: string | null }>(sql`
        with picked as (
             select whatsapp_id, owner as previous from sessions.session_leases
              where (owner is null or expires_at < now()) and expires_at <= now() - make_interval(secs => ${freeForMs / 1000})
              order by expires_at, whatsapp_id
              limit ${limit}
                for update skip locked)
        update sessions.session_leases l
           set owner = ${owner}, expires_at = now() + make_interval(secs => ${ttlMs / 1000}), generation = l.generation + 1
          from picked
         where l.whatsapp_id = picked.whatsapp_id
     returning l.whatsapp_id, l.company_id, l.generation, picked.previous`),
    );
    return rows.rows.map((row) => ({
      whatsappId: row.whatsapp_id,
      companyId: row.company_id,
      generation: row.generation,
      previousOwner: row.previous,
    }));
  }

  /**
   * This replica is alive (its heartbeat, written before its leases are renewed so that it
   * lapses no later than they do); answers how many replicas are alive and how many sessions
   * should run. Rows of replicas silent for ten lease lifetimes are removed on the way.
   */
  async heartbeat(owner: string, ttlMs: number): Promise<ClusterSize> {
    const rows = await this.database.asSystem((tx) =>
      tx.execute<{ replicas: number; wanted: number }>(sql`
        with beat as (
             insert into sessions.replicas (id, last_seen) values (${owner}, now())
                 on conflict (id) do update set last_seen = now()),
             forgotten as (
             delete from sessions.replicas where id <> ${owner} and last_seen < now() - make_interval(secs => ${(10 * ttlMs) / 1000}))
      select 1 + (select count(*) from sessions.replicas where id <> ${owner} and last_seen > now() - make_interval(secs => ${ttlMs / 1000}))::int as replicas,
             (select count(*) from sessions.session_leases)::int as wanted`),
    );
    return rows.rows[0]!;
  }

  /** This replica leaves (graceful shutdown): the others' shares grow at once. */
  async retire(owner: string): Promise<void> {
    await this.database.asSystem((tx) => tx.execute(sql`delete from sessions.replicas where id = ${owner}`));
  }

  /**
   * Extends every lease this replica still holds and answers which ones those are (session →
   * its company). A session missing from the answer was taken over or stopped elsewhere: the
   * replica must stop it.
   */
  async renew(owner: string, ttlMs: number): Promise<Map<number, number>> {
    const rows = await this.database.asSystem((tx) =>
      tx.execute<{ whatsapp_id: number; company_id: number }>(sql`
        update sessions.session_leases
           set expires_at = now() + make_interval(secs => ${ttlMs / 1000})
         where owner = ${owner}
     returning whatsapp_id, company_id`),
    );
    return new Map(rows.rows.map((row) => [row.whatsapp_id, row.company_id]));
  }

  /** Hands sessions back (shutdown, or a session another client replaced): others may claim them at once. */
  async release(owner: string, whatsappIds?: number[]): Promise<void> {
    if (whatsappIds?.length === 0) return;
    await this.database.asSystem((tx) =>
      tx.execute(sql`
        update sessions.session_leases set owner = null, expires_at = now()
         where owner = ${owner} ${whatsappIds ? sql`and whatsapp_id in ${whatsappIds}` : sql``}`),
    );
  }

  async ownerOf(whatsappId: number): Promise<{ owner: string | null; live: boolean } | null> {
    const rows = await this.database.asSystem((tx) =>
      tx.execute<{ owner: string | null; live: boolean }>(sql`
        select owner, expires_at > now() as live from sessions.session_leases where whatsapp_id = ${whatsappId}`),
    );
    return rows.rows[0] ?? null;
  }
}

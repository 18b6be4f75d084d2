import { PLAN_FLAGS } from '@atrium/contracts';
import type { SocketViewer } from './audience.js';

export interface RegisteredSocket<S> {
  socket: S;
  /** Who is behind the socket; change it with `SocketRegistry.setViewer`, which regroups the socket. */
  readonly viewer: SocketViewer;
}

/**
 * Sockets whose viewers are alike in everything an audience reads (company, user, login,
 * profile, super, allTicket, queues, plan flags): an event reaches all of them or none, so its audience is
 * decided once per group.
 */
export interface VisibilityGroup<S> {
  readonly key: string;
  readonly viewer: SocketViewer;
  readonly sockets: Map<string, RegisteredSocket<S>>;
}

export interface Departure<S> {
  entry: RegisteredSocket<S>;
  /** No socket of this company is left on this gateway. */
  lastOfCompany: boolean;
  /** No socket of this user is left on this gateway. */
  lastOfUser: boolean;
}

interface CompanySockets<S> {
  sockets: Map<string, Entry<S>>;
  groups: Map<string, VisibilityGroup<S>>;
  socketsPerUser: Map<number, number>;
}

interface Entry<S> extends RegisteredSocket<S> {
  viewer: SocketViewer;
  group: VisibilityGroup<S>;
}

/** The key of a viewer's visibility group: every field `canReceive` may read. */
export function visibilityKey(viewer: SocketViewer): string {
  const queues = [...viewer.queueIds].sort((a, b) => a - b).join(',');
  const flags = PLAN_FLAGS.filter((flag) => viewer.planFlags?.[flag] === true).join(',');
  return `${viewer.companyId}|${viewer.userId}|${viewer.sessionId}|${viewer.profile}|${viewer.super ? 1 : 0}|${viewer.allTicket}|${queues}|${flags}`;
}

/** The sockets connected to this gateway, by company and visibility group, with who is behind each. */
export class SocketRegistry<S extends { id: string }> {
  private readonly byCompany = new Map<number, CompanySockets<S>>();
  private readonly companyOf = new Map<string, number>();

  /** Registers a socket; answers whether it is the first of its company here. */
  add(socket: S, viewer: SocketViewer): { firstOfCompany: boolean } {
    let company = this.byCompany.get(viewer.companyId);
    const firstOfCompany = company === undefined;
    if (!company) {
      company = { sockets: new Map(), groups: new Map(), socketsPerUser: new Map() };
      this.byCompany.set(viewer.companyId, company);
    }
    const entry = { socket, viewer } as Entry<S>;
    company.sockets.set(socket.id, entry);
    company.socketsPerUser.set(viewer.userId, (company.socketsPerUser.get(viewer.userId) ?? 0) + 1);
    this.join(company, entry);
    this.companyOf.set(socket.id, viewer.companyId);
    return { firstOfCompany };
  }

  remove(socketId: string): Departure<S> | undefined {
    const companyId = this.companyOf.get(socketId);
    if (companyId === undefined) return undefined;
    this.companyOf.delete(socketId);
    const company = this.byCompany.get(companyId)!;
    const entry = company.sockets.get(socketId)!;
    company.sockets.delete(socketId);
    this.leave(company, entry);
    const userId = entry.viewer.userId;
    const left = company.socketsPerUser.get(userId)! - 1;
    if (left === 0) company.socketsPerUser.delete(userId);
    else company.socketsPerUser.set(userId, left);
    const lastOfCompany = company.sockets.size === 0;
    if (lastOfCompany) this.byCompany.delete(companyId);
    return { entry, lastOfCompany, lastOfUser: left === 0 };
  }

  get(socketId: string): RegisteredSocket<S> | undefined {
    const companyId = this.companyOf.get(socketId);
    return companyId === undefined ? undefined : this.byCompany.get(companyId)?.sockets.get(socketId);
  }

  /** Replaces who is behind a socket (same user and company: a new scope), moving it to its new group. */
  setViewer(socketId: string, viewer: SocketViewer): void {
    const companyId = this.companyOf.get(socketId);
    const company = companyId === undefined ? undefined : this.byCompany.get(companyId);
    const entry = company?.sockets.get(socketId);
    if (!company || !entry || viewer.companyId !== companyId || viewer.userId !== entry.viewer.userId) return;
    this.leave(company, entry);
    entry.viewer = viewer;
    this.join(company, entry);
  }

  inCompany(companyId: number): Iterable<RegisteredSocket<S>> {
    return this.byCompany.get(companyId)?.sockets.values() ?? [];
  }

  *all(): Iterable<RegisteredSocket<S>> {
    for (const company of this.byCompany.values()) yield* company.sockets.values();
  }

  /** The visibility groups of a company, or of every company (`null`: platform-wide events). */
  *groups(companyId: number | null): Iterable<VisibilityGroup<S>> {
    if (companyId !== null) {
      yield* this.byCompany.get(companyId)?.groups.values() ?? [];
      return;
    }
    for (const company of this.byCompany.values()) yield* company.groups.values();
  }

  /** Sockets registered. */
  count(): number {
    return this.companyOf.size;
  }

  companies(): number[] {
    return [...this.byCompany.keys()];
  }

  private join(company: CompanySockets<S>, entry: Entry<S>): void {
    const key = visibilityKey(entry.viewer);
    let group = company.groups.get(key);
    if (!group) {
      group = { key, viewer: entry.viewer, sockets: new Map() };
      company.groups.set(key, group);
    }
    group.sockets.set(entry.socket.id, entry);
    entry.group = group;
  }

  private leave(company: CompanySockets<S>, entry: Entry<S>): void {
    const group = entry.group;
    group.sockets.delete(entry.socket.id);
    if (group.sockets.size === 0) company.groups.delete(group.key);
  }
}

import type { SocketViewer } from './audience.js';

export interface RegisteredSocket<S> {
  socket: S;
  viewer: SocketViewer;
}

export interface Departure<S> {
  entry: RegisteredSocket<S>;
  /** No socket of this company is left on this gateway. */
  lastOfCompany: boolean;
  /** No socket of this user is left on this gateway. */
  lastOfUser: boolean;
}

/** The sockets connected to this gateway, by company, with who is behind each. */
export class SocketRegistry<S extends { id: string }> {
  private readonly byCompany = new Map<number, Map<string, RegisteredSocket<S>>>();
  private readonly companyOf = new Map<string, number>();

  /** Registers a socket; answers whether it is the first of its company here. */
  add(socket: S, viewer: SocketViewer): { firstOfCompany: boolean } {
    let sockets = this.byCompany.get(viewer.companyId);
    const firstOfCompany = sockets === undefined;
    if (!sockets) {
      sockets = new Map();
      this.byCompany.set(viewer.companyId, sockets);
    }
    sockets.set(socket.id, { socket, viewer });
    this.companyOf.set(socket.id, viewer.companyId);
    return { firstOfCompany };
  }

  remove(socketId: string): Departure<S> | undefined {
    const companyId = this.companyOf.get(socketId);
    if (companyId === undefined) return undefined;
    this.companyOf.delete(socketId);
    const sockets = this.byCompany.get(companyId)!;
    const entry = sockets.get(socketId)!;
    sockets.delete(socketId);
    const lastOfCompany = sockets.size === 0;
    if (lastOfCompany) this.byCompany.delete(companyId);
    const lastOfUser = ![...sockets.values()].some((other) => other.viewer.userId === entry.viewer.userId);
    return { entry, lastOfCompany, lastOfUser };
  }

  get(socketId: string): RegisteredSocket<S> | undefined {
    const companyId = this.companyOf.get(socketId);
    return companyId === undefined ? undefined : this.byCompany.get(companyId)?.get(socketId);
  }

  inCompany(companyId: number): Iterable<RegisteredSocket<S>> {
    return this.byCompany.get(companyId)?.values() ?? [];
  }

  *all(): Iterable<RegisteredSocket<S>> {
    for (const sockets of this.byCompany.values()) yield* sockets.values();
  }

  /** Sockets registered. */
  count(): number {
    return this.companyOf.size;
  }

  companies(): number[] {
    return [...this.byCompany.keys()];
  }
}

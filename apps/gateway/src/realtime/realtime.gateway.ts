import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { AppError, ErrorCode, type ActorState, type ErrorBody } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER } from '@atrium/service-kit';
import type { Server, Socket } from 'socket.io';
import { EventFanOut } from './event-fan-out.js';
import { SocketAuthenticator } from './socket-authenticator.js';
import { SocketRooms, TICKET_STATUSES, type TicketStatus } from './socket-rooms.js';
import { TICKET_ROOM_ACCESS, type TicketRoomAccess } from './ticket-room-access.js';
import { UserPresence } from './user-presence.js';

interface SocketData {
  actor: ActorState;
  release: () => void;
}

type AtriumSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** What an acknowledged client event answers: `{ ok: true }` or the error body. */
export type SocketAck = { ok: true } | Omit<ErrorBody, 'status'>;

const OK: SocketAck = { ok: true };

function refusal(error: unknown): Error & { data: Omit<ErrorBody, 'status'> & { status: number } } {
  const appError = error instanceof AppError ? error : new AppError(ErrorCode.ERR_INTERNAL);
  return Object.assign(new Error(appError.code), { data: { error: appError.code, status: appError.status } });
}

function failure(code: ErrorCode): SocketAck {
  return { error: code };
}

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/**
 * socket.io on the API's port. The handshake must carry a valid access token of the user's
 * active login (refused otherwise: connect_error with message ERR_SESSION_EXPIRED and
 * `data: { error, status }`). A connected socket sits in its company, user and session rooms,
 * follows rooms with the spec's joinChatBox / joinNotification / joinTickets, reports presence
 * with userStatus, and receives its company's and the platform's events through EventFanOut.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<Server>, OnGatewayConnection<AtriumSocket>, OnGatewayDisconnect<AtriumSocket> {
  constructor(
    @Inject(SocketAuthenticator) private readonly authenticator: SocketAuthenticator,
    @Inject(EventFanOut) private readonly fanOut: EventFanOut,
    @Inject(UserPresence) private readonly presence: UserPresence,
    @Inject(TICKET_ROOM_ACCESS) private readonly ticketRooms: TicketRoomAccess,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: Server): void {
    server.use((socket: AtriumSocket, next) => {
      this.admit(socket).then(
        () => next(),
        (error: unknown) => next(refusal(error)),
      );
    });
  }

  /** Authenticates the handshake and holds the company's event subscription before the socket connects. */
  private async admit(socket: AtriumSocket): Promise<void> {
    const actor = await this.authenticator.authenticate(socket.handshake);
    const release = await this.fanOut.hold(actor.companyId);
    socket.data.actor = actor;
    socket.data.release = release;
    // A transport that closes before the socket connects never reaches handleDisconnect.
    socket.conn.once('close', release);
  }

  handleConnection(socket: AtriumSocket): void {
    const { actor } = socket.data;
    void socket.join([SocketRooms.company(actor.companyId), SocketRooms.user(actor.companyId, actor.userId), SocketRooms.session(actor.sessionId)]);
    this.fanOut.track(socket, actor);
    this.logger.debug({ socketId: socket.id, userId: actor.userId, companyId: actor.companyId }, 'socket connected');
  }

  handleDisconnect(socket: AtriumSocket): void {
    socket.data.release?.();
    const departure = this.fanOut.untrack(socket.id);
    if (departure?.lastOfUser) this.presence.report(departure.entry.viewer, false);
  }

  /** The client opened a ticket: follow its room. The tickets service's permission check plugs in through TICKET_ROOM_ACCESS. */
  @SubscribeMessage('joinChatBox')
  async joinChatBox(@ConnectedSocket() socket: AtriumSocket, @MessageBody() ticket: unknown): Promise<SocketAck> {
    const ticketId = positiveInteger(ticket);
    if (ticketId === undefined) return failure(ErrorCode.ERR_VALIDATION);
    const actor = this.fanOut.viewerOf(socket.id) ?? socket.data.actor;
    if (!(await this.ticketRooms.canJoin(actor, ticketId))) return failure(ErrorCode.ERR_NO_PERMISSION);
    await socket.join(SocketRooms.ticket(actor.companyId, ticketId));
    return OK;
  }

  @SubscribeMessage('joinNotification')
  async joinNotification(@ConnectedSocket() socket: AtriumSocket): Promise<SocketAck> {
    await socket.join(SocketRooms.notification(socket.data.actor.companyId));
    return OK;
  }

  @SubscribeMessage('joinTickets')
  async joinTickets(@ConnectedSocket() socket: AtriumSocket, @MessageBody() status: unknown): Promise<SocketAck> {
    if (!TICKET_STATUSES.includes(status as TicketStatus)) return failure(ErrorCode.ERR_VALIDATION);
    await socket.join(SocketRooms.ticketStatus(socket.data.actor.companyId, status as TicketStatus));
    return OK;
  }

  /**
   * The client's heartbeat (every 5 minutes): refreshes who is behind the socket from the user's
   * live state, ends the socket when its login is over, and tells identity the user is online.
   */
  @SubscribeMessage('userStatus')
  async userStatus(@ConnectedSocket() socket: AtriumSocket): Promise<SocketAck> {
    const { actor } = socket.data;
    let current: ActorState;
    try {
      current = await this.authenticator.currentState(actor.userId, actor.sessionId);
    } catch (error) {
      socket.disconnect(true);
      return failure(error instanceof AppError ? error.code : ErrorCode.ERR_INTERNAL);
    }
    socket.data.actor = current;
    this.fanOut.updateViewer(socket.id, current);
    this.presence.report(current, true);
    return OK;
  }
}

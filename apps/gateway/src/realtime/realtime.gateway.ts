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

/** Ticket statuses a list follows with `joinTickets` (spec 000 section 4). */
const TICKET_STATUSES: readonly unknown[] = ['open', 'pending', 'closed'];
import type { Logger } from '@atrium/logging';
import { LOGGER } from '@atrium/service-kit';
import type { Server, Socket } from 'socket.io';
import { EventFanOut } from './event-fan-out.js';
import { SocketAuthenticator } from './socket-authenticator.js';
import { UserPresence } from './user-presence.js';

interface SocketData {
  actor: ActorState;
  release: () => void;
}

/** Events the gateway itself emits to a socket (domain events go through EventFanOut). */
interface ServerEvents {
  /** The socket is authorised and in its rooms: the client may now join others (joinTickets, ...). */
  ready: () => void;
}

type AtriumSocket = Socket<Record<string, never>, ServerEvents, Record<string, never>, SocketData>;
type AtriumServer = Server<Record<string, never>, ServerEvents, Record<string, never>, SocketData>;

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
 * `data: { error, status }`). Once authorised, the socket is told `ready`. A connected socket receives its company's and the platform's
 * events through EventFanOut, which picks the sockets by each event's audience (no socket.io
 * rooms), and reports presence with userStatus. The spec's joinChatBox / joinNotification /
 * joinTickets and their `...Leave` counterparts are still answered for the clients that send
 * them, but follow nothing: what a socket receives depends on who is behind it, never on what
 * it asked to follow.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<AtriumServer>, OnGatewayConnection<AtriumSocket>, OnGatewayDisconnect<AtriumSocket> {
  constructor(
    @Inject(SocketAuthenticator) private readonly authenticator: SocketAuthenticator,
    @Inject(EventFanOut) private readonly fanOut: EventFanOut,
    @Inject(UserPresence) private readonly presence: UserPresence,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: AtriumServer): void {
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
    this.fanOut.track(socket, actor);
    // the login may have ended (and its sessionEnded event passed) between the handshake's check
    // and now; one more read of the live state, once per socket, closes that window
    // (only an ended login closes the socket: a failed read, e.g. Redis busy, leaves it to the next event)
    void this.authenticator.currentState(actor.userId, actor.sessionId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.ERR_SESSION_EXPIRED) socket.disconnect(true);
      else this.logger.warn({ err: error, socketId: socket.id }, 'could not re-read the login state of a new socket');
    });
    socket.emit('ready');
    this.logger.debug({ socketId: socket.id, userId: actor.userId, companyId: actor.companyId }, 'socket connected');
  }

  handleDisconnect(socket: AtriumSocket): void {
    socket.data.release?.();
    const departure = this.fanOut.untrack(socket.id);
    if (departure?.lastOfUser) this.presence.report(departure.entry.viewer, false);
  }

  /** The client opened a ticket (spec 000). A well-formed id is acknowledged; nothing is joined or checked. */
  @SubscribeMessage('joinChatBox')
  joinChatBox(@MessageBody() ticket: unknown): SocketAck {
    return positiveInteger(ticket) === undefined ? failure(ErrorCode.ERR_VALIDATION) : OK;
  }

  /** The client shows a ticket list of one status (spec 000): acknowledged, nothing joined. */
  @SubscribeMessage('joinTickets')
  joinTickets(@MessageBody() status: unknown): SocketAck {
    return TICKET_STATUSES.includes(status) ? OK : failure(ErrorCode.ERR_VALIDATION);
  }

  /** Older clients' notification, and leave, events: acknowledged, nothing to do. */
  @SubscribeMessage('joinNotification')
  joinNotification(): SocketAck {
    return OK;
  }

  @SubscribeMessage('joinChatBoxLeave')
  joinChatBoxLeave(): SocketAck {
    return OK;
  }

  @SubscribeMessage('joinTicketsLeave')
  joinTicketsLeave(): SocketAck {
    return OK;
  }

  @SubscribeMessage('joinNotificationLeave')
  joinNotificationLeave(): SocketAck {
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

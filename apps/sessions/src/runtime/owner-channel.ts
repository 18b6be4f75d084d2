import { AppError, ErrorCode, type ErrorBody, type OutboundCommandDto } from '@atrium/contracts';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';

/** What any replica asks the replica that runs a session. */
export type OwnerRequest =
  | { op: 'start'; pairingPhoneNumber?: string }
  | { op: 'reset' }
  | { op: 'disconnect' }
  | { op: 'remove' }
  | { op: 'command'; companyId: number; command: OutboundCommandDto };

type OwnerReply = { ok: true; result: unknown } | { ok: false; error: ErrorBody };

export const NO_OWNER = Symbol('no replica runs this session');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function isNoResponders(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { name?: string; isNoResponders?: () => boolean; code?: string };
    if (candidate.name === 'NoRespondersError' || candidate.isNoResponders?.() || candidate.code === '503') return true;
  }
  return false;
}

/**
 * The per-session NATS subject `sessions.owner.<whatsappId>` (under the subject prefix): only the
 * replica running a session subscribes to it, so a request reaches that replica wherever it runs,
 * and "no responders" means no replica runs the session right now.
 */
export class OwnerChannel {
  constructor(
    private readonly connection: () => NatsConnection,
    private readonly prefix: string,
  ) {}

  subject(whatsappId: number): string {
    return `${this.prefix}sessions.owner.${whatsappId}`;
  }

  async ask(whatsappId: number, request: OwnerRequest, timeoutMs: number): Promise<unknown | typeof NO_OWNER> {
    let message: Msg;
    try {
      message = await this.connection().request(this.subject(whatsappId), encoder.encode(JSON.stringify(request)), { timeout: timeoutMs });
    } catch (error) {
      if (isNoResponders(error)) return NO_OWNER;
      throw new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE);
    }
    const reply = JSON.parse(decoder.decode(message.data)) as OwnerReply;
    if (reply.ok) return reply.result;
    throw AppError.fromBody(reply.error) ?? new AppError(ErrorCode.ERR_INTERNAL);
  }

  /** Answers requests for one session with `handle`; errors travel back as the spec's codes. */
  serve(whatsappId: number, handle: (request: OwnerRequest) => Promise<unknown>, onUnexpected: (error: unknown) => void): Subscription {
    return this.connection().subscribe(this.subject(whatsappId), {
      callback: (error, message) => {
        if (error) return;
        void (async () => {
          let reply: OwnerReply;
          try {
            const request = JSON.parse(decoder.decode(message.data)) as OwnerRequest;
            reply = { ok: true, result: (await handle(request)) ?? null };
          } catch (failure) {
            if (!(failure instanceof AppError)) onUnexpected(failure);
            reply = { ok: false, error: (failure instanceof AppError ? failure : new AppError(ErrorCode.ERR_INTERNAL)).toBody() };
          }
          message.respond(encoder.encode(JSON.stringify(reply)));
        })();
      },
    });
  }
}

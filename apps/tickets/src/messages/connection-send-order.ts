import type { Redis } from 'ioredis';

/** A text the external API stored unsent and queued: what a turn needs to send it. */
export interface QueuedText {
  messageId: number;
  ticketId: number;
  closeTicket: boolean;
}

/**
 * Takes the connection's smallest recorded text whose "tried" mark is free and sets the mark;
 * answers its member, or nothing. KEYS[1] the connection's record; ARGV: the tried marks' prefix,
 * their ttl (s), the turn's own text (score and member). The own text is counted in even when its
 * record is not there yet (its job may be handed over before the record's write answered); a turn
 * whose own text was already taken has nothing left to do.
 */
const CLAIM_NEXT = `
if redis.call('exists', ARGV[1] .. ARGV[3]) == 1 then return false end
redis.call('zadd', KEYS[1], ARGV[3], ARGV[4])
while true do
  local next = redis.call('zrange', KEYS[1], 0, 0)
  if #next == 0 then return false end
  redis.call('zrem', KEYS[1], next[1])
  if redis.call('set', ARGV[1] .. string.match(next[1], '^%d+'), '1', 'EX', ARGV[2], 'NX') then return next[1] end
end`;

/** Takes one text out of the record unless a turn already took it: 1 when taken here. KEYS[1] the record; ARGV: its tried mark, ttl (s), message id. */
const WITHDRAW = `
if not redis.call('set', ARGV[1], '1', 'EX', ARGV[2], 'NX') then return 0 end
redis.call('zremrangebyscore', KEYS[1], ARGV[3], ARGV[3])
return 1`;

const memberOf = (text: QueuedText): string => `${text.messageId}:${text.ticketId}:${text.closeTicket ? 1 : 0}`;

function textOf(member: string): QueuedText {
  const [messageId, ticketId, closeTicket] = member.split(':');
  return { messageId: Number(messageId), ticketId: Number(ticketId), closeTicket: closeTicket === '1' };
}

/**
 * The order in which a connection's external API texts leave (issue 15), kept in Redis: each text
 * is recorded (message id as score) before its request is answered, and each job's turn sends the
 * connection's recorded texts smallest id first, up to and including its own text. Message ids
 * follow the answers (a text answered before another was requested was stored first), so texts
 * leave in the order they were accepted whatever order the worker hands the jobs over in: a turn
 * handed a later job first sends the earlier text before its own; the earlier job's turn then finds
 * its text taken and sends nothing. A text is taken by setting its "tried" mark, once: a text whose
 * send a turn started (in a worker that died since, or in another replica) is never sent again.
 * The turns of a connection must run one after the other (one lane per connection in a process);
 * two replicas' turns for one connection may still interleave.
 */
export class ConnectionSendOrder {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  /** Records a text stored unsent, before its request is answered. */
  async record(companyId: number, whatsappId: number, text: QueuedText): Promise<void> {
    const key = this.keyOf(companyId, whatsappId);
    await this.redis.multi().zadd(key, text.messageId, memberOf(text)).expire(key, this.ttlSeconds).exec();
  }

  /**
   * A text that will not be queued after all (its job's add failed) taken out of the record:
   * false when a turn had already taken it (it is being sent: the request succeeded).
   */
  async withdraw(companyId: number, whatsappId: number, messageId: number): Promise<boolean> {
    return (
      (await this.redis.eval(
        WITHDRAW,
        1,
        this.keyOf(companyId, whatsappId),
        this.triedKey(companyId, messageId),
        this.ttlSeconds,
        messageId,
      )) === 1
    );
  }

  /**
   * A job's turn: `send` runs for each recorded text of the connection, smallest id first, until
   * the job's own text was taken (by this turn or an earlier one). A text is taken before `send`
   * runs, so `send` runs at most once for it, even when it fails (its failure ends the turn).
   */
  async turn(companyId: number, whatsappId: number, own: QueuedText, send: (text: QueuedText) => Promise<void>): Promise<void> {
    const key = this.keyOf(companyId, whatsappId);
    const tried = this.triedKey(companyId, '');
    for (;;) {
      const member = (await this.redis.eval(CLAIM_NEXT, 1, key, tried, this.ttlSeconds, own.messageId, memberOf(own))) as string | null;
      if (member === null) return;
      const text = textOf(member);
      await send(text);
      if (text.messageId === own.messageId) return;
    }
  }

  private keyOf(companyId: number, whatsappId: number): string {
    return `${this.prefix}external-message:order:${companyId}:${whatsappId}`;
  }

  /** A text's "tried" mark (set once a turn took it). */
  private triedKey(companyId: number, messageId: number | ''): string {
    return `${this.prefix}external-message:tried:${companyId}:${messageId}`;
  }
}

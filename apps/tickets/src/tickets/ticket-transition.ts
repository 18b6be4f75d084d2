import type { TicketStatus, UpdateTicketDto } from '@atrium/contracts';

export interface TicketState {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
}

/** What a PUT /tickets/{id} means (spec 000 section 4). */
export type TransitionKind = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer' | 'edit';

export interface Transition {
  kind: TransitionKind;
  next: TicketState;
}

/**
 * The state a ticket moves to, from what the client sent:
 * - accept (pending → open): the given agent, or the one acting;
 * - return (→ pending): the agent is cleared;
 * - resolve (→ closed) and any move to closed clear useIntegration, promptId and integrationId,
 *   which every other change keeps unless it sets them;
 * - reopen (closed → open): the given agent, or the one acting; queue kept;
 * - transfer: a chosen user becomes the agent; a chosen queue without a user (the same queue
 *   too) puts the ticket back to pending in that queue, with nobody assigned.
 */
export function planTransition(current: TicketState, dto: UpdateTicketDto, actingUserId: number): Transition {
  let status: TicketStatus = dto.status ?? current.status;
  let userId = dto.userId !== undefined ? dto.userId : current.userId;
  const queueId = dto.queueId !== undefined ? dto.queueId : current.queueId;

  const toQueueOnly = dto.queueId !== undefined && (dto.userId === undefined || dto.userId === null);
  if (dto.status === undefined && toQueueOnly && status !== 'closed') {
    status = 'pending';
    userId = null;
  }
  // opening (accepting or reopening) without naming an agent: the acting one
  if (status === 'open' && current.status !== 'open' && dto.userId === undefined) userId = actingUserId;
  if (status === 'open' && userId === null) userId = actingUserId;
  if (status === 'pending' && current.status !== 'pending' && dto.userId === undefined) userId = null;

  const closing = status === 'closed';
  const next: TicketState = {
    status,
    userId,
    queueId,
    useIntegration: closing ? false : (dto.useIntegration ?? current.useIntegration),
    promptId: closing ? null : dto.promptId !== undefined ? dto.promptId : current.promptId,
    integrationId: closing ? null : dto.integrationId !== undefined ? dto.integrationId : current.integrationId,
  };
  return { kind: kindOf(current, next), next };
}

function kindOf(current: TicketState, next: TicketState): TransitionKind {
  if (next.status === 'closed') return current.status === 'closed' ? 'edit' : 'resolve';
  if (current.status === 'closed') return 'reopen';
  if (current.status === 'pending' && next.status === 'open') return 'accept';
  const userChanged = next.userId !== null && next.userId !== current.userId;
  if (next.queueId !== current.queueId || userChanged) return 'transfer';
  if (current.status === 'open' && next.status === 'pending') return 'return';
  return 'edit';
}

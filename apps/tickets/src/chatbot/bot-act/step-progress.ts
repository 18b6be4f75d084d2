import type { RecordStep } from '../../messages/message-sender.js';
import type { TicketsTx } from '../../shared/tickets-database.js';
import type { StepDone } from '../bot-act-steps.repository.js';

/**
 * How the actions of a claimed step (a row of `bot_act_steps`) are recorded done, each with what
 * it did (issue 27): an action tried again after its applier died is applied once. Absent for an
 * act without a step (applied as it comes, nothing recorded).
 */
export interface StepProgress {
  /** The WhatsApp id of the action's send, derived from the row and the action's index: every try is the same message. */
  messageId(index: number): string;
  /** Records the action done in the transaction that applied it (a note, tags, a hand-over). */
  record(tx: TicketsTx, index: number): Promise<void>;
  /** The same for a send: run in the transaction that records the sent message (MessageSender.deliverRecording). */
  recordSend(index: number): RecordStep<StepDone, void>;
  /** Records an action done that has no transaction of its own (a presence: shown again at worst). */
  recordAlone(index: number): Promise<void>;
}

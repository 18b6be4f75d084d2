import { Injectable } from '@nestjs/common';
import type { TicketView } from '@atrium/contracts';
import type { Transition } from './ticket-transition.js';

/** A status transition that committed: the plan, and the ticket's view before and after. */
export interface TicketTransitionCommitted {
  transition: Transition;
  before: TicketView;
  after: TicketView;
}

export type TicketTransitionListener = (change: TicketTransitionCommitted) => Promise<void>;

/**
 * What other contexts do after a ticket's transition commits (messages sends the automatic
 * greeting), without tickets depending on them: they register here when their module starts.
 * A listener handles its own failures; the transition stands whatever they do.
 */
@Injectable()
export class TicketTransitionListeners {
  private readonly listeners: TicketTransitionListener[] = [];

  listen(listener: TicketTransitionListener): void {
    this.listeners.push(listener);
  }

  async committed(change: TicketTransitionCommitted): Promise<void> {
    for (const listener of this.listeners) await listener(change);
  }
}

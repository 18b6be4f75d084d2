import { Injectable } from '@nestjs/common';

/**
 * The time the automaton reads (business hours, the out-of-hours repeat, silences). Tests that
 * boot the service take it from the application (`app.get(ChatbotClock)`) and set it, so hours
 * are checked at a time they choose whatever the hour they run at.
 */
@Injectable()
export class ChatbotClock {
  private fixed: Date | undefined;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Makes `now()` answer this instant (undefined: the real time again). */
  set(instant: Date | undefined): void {
    this.fixed = instant;
  }
}

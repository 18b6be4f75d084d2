import type { Profile } from '../actor.js';
import type { TicketScope } from '../tickets/visibility.js';

/**
 * The kinds of live event, each emitted to sockets as `company-{companyId}-{kind}`
 * (or `company-{kind}` for platform-wide ones such as announcements), spec 000 section 7.
 */
export type EventKind =
  | 'auth'
  | 'user'
  | 'settings'
  | 'announcement'
  | 'whatsapp'
  | 'whatsappSession'
  | 'ticket'
  | 'appMessage'
  | 'contact'
  | 'queue'
  | 'chat'
  | 'payment'
  | (string & {});

/** Narrows which sockets of a company receive an event; no audience means every socket. */
export interface Audience {
  userIds?: number[];
  profiles?: Profile[];
  /** Sockets whose session is one of these do not receive it (e.g. the login that caused it). */
  exceptSessionIds?: string[];
  /** Sockets whose user may see a ticket of this scope (tickets/visibility.ts canSeeTicket); an alternative like userIds. */
  ticket?: TicketScope;
  /** Sockets whose user may see a ticket of this scope do not receive it (a ticket that left only some users' view). */
  exceptTicket?: TicketScope;
}

export interface DomainEvent<T = unknown> {
  kind: EventKind;
  /** null for platform-wide events. */
  companyId: number | null;
  payload: T;
  audience?: Audience;
}

export const GLOBAL_EVENT_SCOPE = 'global';

/** The NATS subject a service publishes an event on: `events.<companyId|global>.<kind>`. */
export function eventSubject(companyId: number | null, kind: EventKind): string {
  return `events.${companyId ?? GLOBAL_EVENT_SCOPE}.${kind}`;
}

/** The socket.io event name the gateway emits an event under. */
export function socketEventName(event: Pick<DomainEvent, 'companyId' | 'kind'>): string {
  return event.companyId === null ? `company-${event.kind}` : `company-${event.companyId}-${event.kind}`;
}

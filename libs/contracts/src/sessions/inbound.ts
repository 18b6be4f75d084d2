import { streamName, type StreamDefinition } from '../streams.js';
import type { ChannelCall, ChannelMessage, MessageAck } from './messages.js';

/**
 * The durable inbound stream (ARCHITECTURE rule 4). The sessions service publishes everything a
 * WhatsApp connection receives on the JetStream stream `INBOUND` (prefixed like every subject, see
 * inboundStreamName), subject `inbound.<companyId>.<whatsappId>`, with the NATS message id
 * (`Nats-Msg-Id`) set to inboundEventId(event): JetStream drops a re-publish inside the duplicate
 * window, and the consumer (the tickets service) treats the same id as already handled, so a
 * redelivery after a crash or a failover is harmless. A consumer acknowledges an event only after
 * it committed what the event means; events of one connection arrive in the order received.
 */
export const INBOUND_STREAM = {
  name: 'INBOUND',
  subjectRoot: 'inbound',
  /** Events stay this long whether consumed or not (more consumers than tickets may read them). */
  maxAgeSeconds: 7 * 24 * 3600,
  duplicateWindowSeconds: 10 * 60,
} as const satisfies StreamDefinition;

/** The stream's name for a NATS subject prefix (test suites and environments each get their own). */
export function inboundStreamName(subjectPrefix = ''): string {
  return streamName(INBOUND_STREAM, subjectPrefix);
}

/** `inbound.<companyId>.<whatsappId>`, without the subject prefix. */
export function inboundSubject(companyId: number, whatsappId: number): string {
  return `${INBOUND_STREAM.subjectRoot}.${companyId}.${whatsappId}`;
}

/** Subject filter a consumer of every company uses: `inbound.>`. */
export const INBOUND_SUBJECT_FILTER = `${INBOUND_STREAM.subjectRoot}.>`;

interface InboundEventBase {
  companyId: number;
  whatsappId: number;
  /** When the sessions service received it (epoch ms). */
  receivedAt: number;
}

/** A message a customer (or the business on its phone) sent. */
export interface InboundMessageEvent extends InboundEventBase {
  type: 'message';
  message: ChannelMessage;
}

/** A message the business sent changed delivery state. */
export interface InboundAckEvent extends InboundEventBase {
  type: 'ack';
  messageId: string;
  chatId: string;
  ack: MessageAck;
  /** For a failure (ack -1), why, as the network said it (Cloud API: `code: title`). */
  error?: string;
}

/** A message was edited by its author. */
export interface InboundEditEvent extends InboundEventBase {
  type: 'edit';
  messageId: string;
  chatId: string;
  body: string;
  editedAt: number;
}

/** A message was deleted for everyone by its author. */
export interface InboundRevokeEvent extends InboundEventBase {
  type: 'revoke';
  messageId: string;
  chatId: string;
}

/** A customer is calling. */
export interface InboundCallEvent extends InboundEventBase {
  type: 'call';
  call: ChannelCall;
}

export type InboundEvent = InboundMessageEvent | InboundAckEvent | InboundEditEvent | InboundRevokeEvent | InboundCallEvent;

/** Distributive Omit, so each variant of a union keeps its own fields. */
export type InboundEventData = InboundEvent extends infer E ? (E extends InboundEvent ? Omit<E, keyof InboundEventBase> : never) : never;

/** The de-duplication id of an event (`Nats-Msg-Id`): the same happening always yields the same id. */
export function inboundEventId(event: InboundEvent): string {
  const scope = `${event.whatsappId}`;
  switch (event.type) {
    case 'message':
      return `${scope}:message:${event.message.id}`;
    case 'ack':
      return `${scope}:ack:${event.messageId}:${event.ack}`;
    case 'edit':
      return `${scope}:edit:${event.messageId}:${event.editedAt}`;
    case 'revoke':
      return `${scope}:revoke:${event.messageId}`;
    case 'call':
      return `${scope}:call:${event.call.id}:${event.call.status}`;
  }
}

import { storableDeep, type InboundEvent } from '@atrium/contracts';

const TYPES = new Set<string>(['message', 'ack', 'edit', 'revoke', 'call']);

function positive(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/**
 * Reads an event of the INBOUND stream, or null when it is not one: malformed JSON, unknown type,
 * missing ids, or a body naming another company or connection than its subject
 * (`inbound.<companyId>.<whatsappId>`). The sessions service is the only publisher; this is the
 * boundary check, not a full schema. Text PostgreSQL cannot store (U+0000, lone surrogates) is
 * dropped from every string of the event, so a customer's message or name is stored cleaned
 * instead of failing on every redelivery.
 */
export function parseInboundEvent(subject: string, data: string): InboundEvent | null {
  let event: Partial<InboundEvent> & Record<string, unknown>;
  try {
    event = storableDeep(JSON.parse(data) as typeof event);
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null || !TYPES.has(String(event.type))) return null;
  if (!positive(event.companyId) || !positive(event.whatsappId)) return null;
  const [companyId, whatsappId] = subject.split('.').slice(-2).map(Number);
  if (companyId !== event.companyId || whatsappId !== event.whatsappId) return null;
  const record = event as unknown as Record<string, Record<string, unknown> | undefined>;
  switch (event.type) {
    case 'message': {
      const message = record.message;
      const chat = message?.chat as Record<string, unknown> | undefined;
      if (!message || !text(message.id) || !chat || !text(chat.id) || typeof message.body !== 'string' || !isObject(message.from))
        return null;
      break;
    }
    case 'ack':
    case 'edit':
    case 'revoke':
      if (!text(event.messageId) || !text(event.chatId)) return null;
      break;
    case 'call': {
      const call = record.call;
      if (!call || !text(call.id) || !text(call.chatId) || !isObject(call.from)) return null;
      break;
    }
  }
  return event as InboundEvent;
}

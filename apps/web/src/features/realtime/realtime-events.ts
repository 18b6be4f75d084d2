import type { LiveEventKind } from '@atrium/contracts';

declare const liveEventKind: unique symbol;

/** A socket event name that carries the kind of its payload (LiveEventPayloads, declared once in libs/contracts). */
export type LiveEventName<K extends LiveEventKind> = string & { readonly [liveEventKind]: K };

function companyEvent<K extends LiveEventKind>(kind: K) {
  return (companyId: number) => `company-${companyId}-${kind}` as LiveEventName<K>;
}

/** Socket event names the gateway emits (spec 000 section 7); payloads as libs/contracts declares them. */
export const socketEvents = {
  auth: companyEvent('auth'),
  user: companyEvent('user'),
  settings: companyEvent('settings'),
  permissions: companyEvent('permissions'),
  whatsapp: companyEvent('whatsapp'),
  whatsappSession: companyEvent('whatsappSession'),
  queue: companyEvent('queue'),
  ticket: companyEvent('ticket'),
  appMessage: companyEvent('appMessage'),
  ticketNote: companyEvent('ticketNote'),
  mention: companyEvent('mention'),
  chat: companyEvent('chat'),
  chatUser: companyEvent('chat-user'),
  oneChat: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}` as LiveEventName<`chat-${number}`>,
  contact: companyEvent('contact'),
  quickMessage: companyEvent('quickemessage'),
  queueIntegration: companyEvent('queueIntegration'),
  payment: companyEvent('payment'),
  prompt: companyEvent('prompt'),
  contactList: companyEvent('ContactList'),
  campaign: companyEvent('campaign'),
  file: companyEvent('file'),
  schedule: companyEvent('schedule'),
  contactListItems: (companyId: number, contactListId: number) =>
    `company-${companyId}-ContactListItem-${contactListId}` as LiveEventName<`ContactListItem-${number}`>,
  announcement: () => 'company-announcement' as LiveEventName<'announcement'>,
} as const;

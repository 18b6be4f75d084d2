import type { ContactView, MessageView, QuickMessageView, TicketView } from '@atrium/contracts';

/** Records as the tickets API answers them, for the component tests of the tickets area. */
export function aContact(overrides: Partial<ContactView> = {}): ContactView {
  return {
    id: 50,
    companyId: 3,
    name: 'João Cliente',
    number: '5511987654321',
    lid: null,
    email: '',
    profilePicUrl: '',
    isGroup: false,
    extraInfo: [],
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Comercial' },
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aTicket(overrides: Partial<TicketView> = {}): TicketView {
  const contact = overrides.contact ?? aContact();
  return {
    id: 100,
    uuid: '3f2b8c1e-0000-4000-8000-000000000100',
    companyId: 3,
    status: 'open',
    contactId: contact.id,
    contact,
    queueId: 1,
    queue: { id: 1, name: 'Vendas', color: '#1677ff' },
    userId: 7,
    user: { id: 7, name: 'Maria' },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Comercial' },
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    tags: [],
    lastMessage: 'Oi',
    useIntegration: false,
    promptId: null,
    integrationId: null,
    createdAt: '2025-06-10T10:00:00.000Z',
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

export function aMessage(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 1,
    wid: 'wid-1',
    companyId: 3,
    ticketId: 100,
    contactId: 50,
    contact: { id: 50, name: 'João Cliente', number: '5511987654321' },
    body: 'Olá',
    fromMe: false,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    quotedMsgId: null,
    quotedMsg: null,
    ack: 2,
    read: true,
    isDeleted: false,
    isEdited: false,
    createdAt: '2025-06-10T10:00:00.000Z',
    updatedAt: '2025-06-10T10:00:00.000Z',
    ...overrides,
  };
}

export function aQuickMessage(overrides: Partial<QuickMessageView> = {}): QuickMessageView {
  return {
    id: 1,
    companyId: 3,
    userId: 7,
    shortcode: 'ola',
    message: 'Olá! Como posso ajudar?',
    geral: false,
    status: true,
    isMedia: false,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

export function page<T>(key: string, records: T[], hasMore = false): Record<string, unknown> {
  return { [key]: records, count: records.length, hasMore };
}

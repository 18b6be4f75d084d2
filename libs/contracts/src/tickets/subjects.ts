/** NATS request/reply subjects served by the tickets service. */
export const TicketsSubjects = {
  queuesList: 'tickets.queues.list',
  queuesShow: 'tickets.queues.show',
  queuesCreate: 'tickets.queues.create',
  queuesUpdate: 'tickets.queues.update',
  queuesDelete: 'tickets.queues.delete',
  /** Data ReadModelPageDto, no actor: a page of every company's queues for identity's read model (reconciled on start). */
  queuesRefs: 'tickets.queues.refs',

  queueOptionsList: 'tickets.queue-options.list',
  queueOptionsCreate: 'tickets.queue-options.create',
  queueOptionsUpdate: 'tickets.queue-options.update',
  queueOptionsDelete: 'tickets.queue-options.delete',

  contactsPage: 'tickets.contacts.page',
  contactsList: 'tickets.contacts.list',
  contactsShow: 'tickets.contacts.show',
  contactsCreate: 'tickets.contacts.create',
  contactsUpdate: 'tickets.contacts.update',
  contactsDelete: 'tickets.contacts.delete',
  contactsImport: 'tickets.contacts.import',
  /** ContactIdsDto → `{id, name}` of those of the actor's company (others are left out). */
  contactsNames: 'tickets.contacts.names',

  tagsPage: 'tickets.tags.page',
  tagsList: 'tickets.tags.list',
  tagsKanban: 'tickets.tags.kanban',
  tagsShow: 'tickets.tags.show',
  tagsCreate: 'tickets.tags.create',
  tagsUpdate: 'tickets.tags.update',
  tagsDelete: 'tickets.tags.delete',
  tagsSync: 'tickets.tags.sync',

  notesList: 'tickets.notes.list',
  notesCreate: 'tickets.notes.create',
  notesDelete: 'tickets.notes.delete',

  quickMessagesPage: 'tickets.quick-messages.page',
  quickMessagesList: 'tickets.quick-messages.list',
  quickMessagesShow: 'tickets.quick-messages.show',
  quickMessagesCreate: 'tickets.quick-messages.create',
  quickMessagesUpdate: 'tickets.quick-messages.update',
  quickMessagesDelete: 'tickets.quick-messages.delete',
  /** `{ id, body: QuickMessageMediaDto }`: the gateway stored (or removed) the attachment. */
  quickMessagesSetMedia: 'tickets.quick-messages.set-media',

  ticketsPage: 'tickets.tickets.page',
  ticketsShow: 'tickets.tickets.show',
  ticketsShowByUuid: 'tickets.tickets.show-by-uuid',
  ticketsCreate: 'tickets.tickets.create',
  ticketsUpdate: 'tickets.tickets.update',
  ticketsDelete: 'tickets.tickets.delete',

  messagesPage: 'tickets.messages.page',
  /** SendMessageCommand: text and/or media already in object storage. */
  messagesSend: 'tickets.messages.send',
  messagesDelete: 'tickets.messages.delete',
  /** TicketTemplateMessageDto → MessageView: an approved template sent on the ticket's `cloud` connection (issue 26). */
  messagesSendTemplate: 'tickets.messages.send-template',
  /** `{ id }` (a ticket) → CustomerWindowView: whether free text may go to its customer (Meta's 24-hour window). */
  customerWindowShow: 'tickets.customer-window.show',
  /** TicketsReferencesDto → MissingReferences: which of these ids are not records of the actor's company. */
  referencesMissing: 'tickets.references.missing',

  /** `{}` → InboundFailureView[]: the company's inbound events that could not be stored (admins). */
  inboundFailuresList: 'tickets.inbound-failures.list',

  /** `{ key }` → `{ allowed }`: may the actor read this stored file (served under /public)? */
  mediaAccess: 'tickets.media.access',
} as const;

import type { Allowed, ById, Done, NoData, Rpc, Update } from '../contract.js';
import type { QueueRefRecord, ReadModelPageDto } from '../read-models.js';
import type { CustomerWindowView, TicketTemplateMessageDto } from './customer-window.js';
import type {
  ContactDto,
  ContactIdsDto,
  ContactsListQueryDto,
  ContactsQueryDto,
  CreateTicketDto,
  MediaAccessDto,
  MessagesQueryDto,
  QueueOptionDto,
  QueueOptionsQueryDto,
  QueueDto,
  QuickMessageDto,
  QuickMessageMediaDto,
  QuickMessagesQueryDto,
  SendMessageCommand,
  TagDto,
  TagsQueryDto,
  TagSyncDto,
  TicketNoteDto,
  TicketNotesQueryDto,
  TicketsQueryDto,
  UpdateContactDto,
  UpdateQueueDto,
  UpdateQueueOptionDto,
  UpdateQuickMessageDto,
  UpdateTagDto,
  UpdateTicketDto,
} from './dto.js';
import { TicketsSubjects as S } from './subjects.js';
import type {
  ContactsPageView,
  ContactView,
  MessagesPageView,
  MessageView,
  QueueOptionView,
  QueueView,
  QuickMessagesPageView,
  QuickMessageView,
  TagsPageView,
  TagView,
  TicketNoteView,
  TicketsPageView,
  TicketView,
} from './views.js';
import type { InboundFailureView } from './views.js';
import { KanbanSubjects as K, type KanbanQueryDto, type KanbanTicketsView } from './kanban.js';
import type { MissingReferences, TicketsReferencesDto } from '../references.js';

/** What each tickets subject takes and answers. */
export type TicketsContract = {
  [S.referencesMissing]: Rpc<TicketsReferencesDto, MissingReferences<'queueIds'>>;
  [S.inboundFailuresList]: Rpc<NoData, InboundFailureView[]>;
  [S.queuesList]: Rpc<NoData, QueueView[]>;
  [S.queuesShow]: Rpc<ById, QueueView>;
  [S.queuesCreate]: Rpc<QueueDto, QueueView>;
  [S.queuesUpdate]: Rpc<Update<UpdateQueueDto>, QueueView>;
  [S.queuesDelete]: Rpc<ById, Done>;
  [S.queuesRefs]: Rpc<ReadModelPageDto, QueueRefRecord[]>;

  [S.queueOptionsList]: Rpc<QueueOptionsQueryDto, QueueOptionView[]>;
  [S.queueOptionsCreate]: Rpc<QueueOptionDto, QueueOptionView>;
  [S.queueOptionsUpdate]: Rpc<Update<UpdateQueueOptionDto>, QueueOptionView>;
  [S.queueOptionsDelete]: Rpc<ById, Done>;

  [S.contactsPage]: Rpc<ContactsQueryDto, ContactsPageView>;
  [S.contactsList]: Rpc<ContactsListQueryDto, ContactView[]>;
  [S.contactsNames]: Rpc<ContactIdsDto, Array<Pick<ContactView, 'id' | 'name'>>>;
  [S.contactsShow]: Rpc<ById, ContactView>;
  [S.contactsCreate]: Rpc<ContactDto, ContactView>;
  [S.contactsUpdate]: Rpc<Update<UpdateContactDto>, ContactView>;
  [S.contactsDelete]: Rpc<ById, Done>;
  [S.contactsImport]: Rpc<NoData, ContactView[]>;

  [S.tagsPage]: Rpc<TagsQueryDto, TagsPageView>;
  [S.tagsList]: Rpc<TagsQueryDto, TagView[]>;
  [S.tagsKanban]: Rpc<NoData, TagView[]>;
  [S.tagsShow]: Rpc<ById, TagView>;
  [S.tagsCreate]: Rpc<TagDto, TagView>;
  [S.tagsUpdate]: Rpc<Update<UpdateTagDto>, TagView>;
  [S.tagsDelete]: Rpc<ById, Done>;
  [S.tagsSync]: Rpc<TagSyncDto, TicketView>;

  [S.notesList]: Rpc<TicketNotesQueryDto, TicketNoteView[]>;
  [S.notesCreate]: Rpc<TicketNoteDto, TicketNoteView>;
  [S.notesDelete]: Rpc<ById, Done>;

  [S.quickMessagesPage]: Rpc<QuickMessagesQueryDto, QuickMessagesPageView>;
  [S.quickMessagesList]: Rpc<NoData, QuickMessageView[]>;
  [S.quickMessagesShow]: Rpc<ById, QuickMessageView>;
  [S.quickMessagesCreate]: Rpc<QuickMessageDto, QuickMessageView>;
  [S.quickMessagesUpdate]: Rpc<Update<UpdateQuickMessageDto>, QuickMessageView>;
  [S.quickMessagesDelete]: Rpc<ById, QuickMessageView>;
  [S.quickMessagesSetMedia]: Rpc<Update<QuickMessageMediaDto>, QuickMessageView>;

  [S.ticketsPage]: Rpc<TicketsQueryDto, TicketsPageView>;
  [S.ticketsShow]: Rpc<ById, TicketView>;
  [S.ticketsShowByUuid]: Rpc<{ uuid: string }, TicketView>;
  [S.ticketsCreate]: Rpc<CreateTicketDto, TicketView>;
  [S.ticketsUpdate]: Rpc<Update<UpdateTicketDto>, TicketView>;
  [S.ticketsDelete]: Rpc<ById, Done>;

  [S.messagesPage]: Rpc<{ ticketId: number; query: MessagesQueryDto }, MessagesPageView>;
  [S.messagesSend]: Rpc<SendMessageCommand, MessageView[]>;
  [S.messagesDelete]: Rpc<ById, MessageView>;
  [S.messagesSendTemplate]: Rpc<TicketTemplateMessageDto, MessageView>;
  [S.customerWindowShow]: Rpc<ById, CustomerWindowView>;
  [S.mediaAccess]: Rpc<MediaAccessDto, Allowed>;
};

/** What each kanban subject (served by tickets) takes and answers. */
export type KanbanContract = {
  [K.tickets]: Rpc<KanbanQueryDto, KanbanTicketsView>;
  [K.addTag]: Rpc<{ ticketId: number; tagId: number }, TicketView>;
  [K.removeTags]: Rpc<{ ticketId: number }, TicketView>;
};

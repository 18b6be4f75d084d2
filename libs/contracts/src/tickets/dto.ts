import { PickType } from '@nestjs/mapped-types';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsWeekSchedule, ScheduleRowDto } from '../identity/dto.js';
import { PageQueryDto } from '../paging.js';
import { INT4_MAX, IsCalendarDay } from '../input-rules.js';
import {
  blankAsUnset,
  booleanish,
  digitsOnly,
  idList,
  idsOrObjects,
  listOrEmpty,
  optionalId,
  parentIdOrRoot,
  textOrEmpty,
  trimmed,
  zeroOrOne,
} from '../transforms.js';
import { TICKET_STATUSES, type TicketStatus } from './visibility.js';
import { QUEUE_OPTION_MAX } from './queue-options.js';

const TEXT_MAX = 5000;
const MESSAGE_BODY_MAX = 65_536;
/** '#RRGGBB' and the like: 3 to 9 characters (spec 001 section 5). */
const COLOR = /^[#A-Za-z0-9(),.\s%-]{3,9}$/;

// ---- queues (spec 001 "Queues") ----

class QueueFieldsDto {
  @IsOptional() @IsString() @MaxLength(TEXT_MAX) greetingMessage?: string;
  @IsOptional() @IsString() @MaxLength(TEXT_MAX) outOfHoursMessage?: string;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(0) @Max(100_000) orderQueue?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) integrationId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) promptId?: number | null;
  /** A flow run when a ticket enters the queue (issue 27); null detaches it. */
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) flowId?: number | null;
  @IsOptional() @IsWeekSchedule() schedules?: ScheduleRowDto[];
}

export class QueueDto extends QueueFieldsDto {
  @Transform(trimmed) @IsString() @Length(2, 50) name!: string;
  @Transform(trimmed) @IsString() @Matches(COLOR, { message: 'color must be 3 to 9 characters' }) color!: string;
}

export class UpdateQueueDto extends QueueFieldsDto {
  @IsOptional() @Transform(trimmed) @IsString() @Length(2, 50) name?: string;
  @IsOptional() @Transform(trimmed) @IsString() @Matches(COLOR, { message: 'color must be 3 to 9 characters' }) color?: string;
}

// ---- queue options (spec 001 "Queue option", the chatbot's option tree) ----

export { QUEUE_OPTION_MAX };

/** `GET /queue-options`: one level of a queue's tree; `parentId` -1 (or absent) is the root. */
export class QueueOptionsQueryDto {
  @Type(() => Number) @IsInt() @Min(1) queueId!: number;
  @IsOptional() @Transform(parentIdOrRoot) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) parentId?: number | null;
}

class QueueOptionFieldsDto {
  @IsOptional() @IsString() @MaxLength(TEXT_MAX) message?: string;
}

export class QueueOptionDto extends QueueOptionFieldsDto {
  @Type(() => Number) @IsInt() @Min(1) queueId!: number;
  /** null, '', -1 or absent: a root option. */
  @IsOptional() @Transform(parentIdOrRoot) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) parentId?: number | null;
  @Transform(trimmed) @IsString() @Length(1, 100) title!: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(QUEUE_OPTION_MAX) option!: number;
}

/** An option stays where it is in the tree (queue and parent are not changed by an update). */
export class UpdateQueueOptionDto extends QueueOptionFieldsDto {
  @IsOptional() @Transform(trimmed) @IsString() @Length(1, 100) title?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(QUEUE_OPTION_MAX) option?: number;
}

// ---- contacts (spec 000 "Contact form") ----

export class ExtraInfoDto {
  @Transform(trimmed) @IsString() @Length(1, 100) name!: string;
  @IsString() @MaxLength(1000) value!: string;
}

export class ContactDto {
  @Transform(trimmed) @IsString() @Length(2, 50) name!: string;
  /** 8 to 50 digits; spaces, '+', '-', '.' and parentheses are dropped first. */
  @Transform(digitsOnly) @IsString() @Matches(/^\d{8,50}$/, { message: 'number must be 8 to 50 digits' }) number!: string;
  @IsOptional() @Transform(textOrEmpty) @ValidateIf((_, v) => v !== '') @IsEmail() @MaxLength(254) email?: string;
  @IsOptional()
  @Transform(listOrEmpty)
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ExtraInfoDto)
  extraInfo?: ExtraInfoDto[];
}

/** A contact's name and number can be changed, never cleared: null is refused like any other bad value. */
export class UpdateContactDto {
  @ValidateIf((_, v) => v !== undefined) @Transform(trimmed) @IsString() @Length(2, 50) name?: string;
  @ValidateIf((_, v) => v !== undefined)
  @Transform(digitsOnly)
  @IsString()
  @Matches(/^\d{8,50}$/, { message: 'number must be 8 to 50 digits' })
  number?: string;
  @IsOptional() @Transform(textOrEmpty) @ValidateIf((_, v) => v !== '') @IsEmail() @MaxLength(254) email?: string;
  @IsOptional()
  @Transform(listOrEmpty)
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ExtraInfoDto)
  extraInfo?: ExtraInfoDto[];
}

/** `GET /contacts`: name, number or e-mail search; `date` (a day) or `dateStart`/`dateEnd` on the creation date. */
export class ContactsQueryDto extends PageQueryDto {
  @IsOptional() @IsCalendarDay() date?: string;
  @IsOptional() @IsCalendarDay() dateStart?: string;
  @IsOptional() @IsCalendarDay() dateEnd?: string;
}

/** `tickets.contacts.names` (asked by other services): the ids of the company's contacts to name. */
export class ContactIdsDto {
  @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) @Min(1, { each: true }) @Max(INT4_MAX, { each: true }) ids!: number[];
}

/** `GET /contacts/list`: `companyId` is ignored (the token decides); an optional name filter. */
export class ContactsListQueryDto {
  @IsOptional() @IsString() @MaxLength(100) name?: string;
  @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
}

// ---- tags (spec 001 "Tags") ----

export class TagDto {
  @Transform(trimmed) @IsString() @MinLength(3, { message: 'Mensagem muito curta' }) @MaxLength(50) name!: string;
  /** '' or null (the older client's default) takes the default colour. */
  @IsOptional() @Transform(blankAsUnset) @IsString() @Matches(COLOR, { message: 'color must be 3 to 9 characters' }) color?: string;
  /** Only admins and supervisors may make a tag a kanban lane. */
  @IsOptional() @Transform(zeroOrOne) @IsIn([0, 1]) kanban?: 0 | 1;
}

export class UpdateTagDto {
  @IsOptional() @Transform(trimmed) @IsString() @MinLength(3, { message: 'Mensagem muito curta' }) @MaxLength(50) name?: string;
  /** '' or null keeps the tag's colour. */
  @IsOptional() @Transform(blankAsUnset) @IsString() @Matches(COLOR, { message: 'color must be 3 to 9 characters' }) color?: string;
  @IsOptional() @Transform(zeroOrOne) @IsIn([0, 1]) kanban?: 0 | 1;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) userId?: number | null;
}

export class TagsQueryDto extends PageQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @IsOptional() @Transform(booleanish) @IsBoolean() kanban?: boolean;
}

/** `POST /tags/sync`: the ticket's tags become exactly these (ids, or tag objects with an id). */
export class TagSyncDto {
  @Type(() => Number) @IsInt() @Min(1) ticketId!: number;
  @Transform(idsOrObjects) @IsArray() @ArrayMaxSize(100) @IsInt({ each: true }) @Min(1, { each: true }) tags!: number[];
}

// ---- ticket notes (spec 000 "Ticket note") ----

/** Colleagues a note may name with @ at once. */
export const NOTE_MENTIONS_MAX = 20;

export class TicketNoteDto {
  @Transform(trimmed) @IsString() @Length(2, TEXT_MAX) note!: string;
  @Type(() => Number) @IsInt() @Min(1) ticketId!: number;
  @Type(() => Number) @IsInt() @Min(1) contactId!: number;
  /** Users of the company named with @ in the note (ids, or `{ id }` objects): each is told (`company-{id}-mention`). */
  @IsOptional()
  @Transform(idsOrObjects)
  @IsArray()
  @ArrayMaxSize(NOTE_MENTIONS_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  mentions?: number[];
}

export class TicketNotesQueryDto {
  @Type(() => Number) @IsInt() @Min(1) ticketId!: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) contactId?: number;
}

// ---- quick messages (spec 001 "Quick messages") ----

export class QuickMessageDto {
  @Transform(trimmed) @IsString() @IsNotEmpty({ message: 'Obrigatório' }) @MaxLength(100) shortcode!: string;
  @IsOptional() @IsString() @MaxLength(TEXT_MAX) message?: string;
  @IsOptional() @Transform(booleanish) @IsBoolean() geral?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() status?: boolean;
}

export class UpdateQuickMessageDto {
  @IsOptional() @Transform(trimmed) @IsString() @IsNotEmpty({ message: 'Obrigatório' }) @MaxLength(100) shortcode?: string;
  @IsOptional() @IsString() @MaxLength(TEXT_MAX) message?: string;
  @IsOptional() @Transform(booleanish) @IsBoolean() geral?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() status?: boolean;
}

export class QuickMessagesQueryDto extends PageQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) userId?: number;
}

export class QuickMessagesListQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) userId?: number;
}

/** Sets (or, with nulls, clears) a quick message's attachment stored by the gateway. */
export class QuickMessageMediaDto {
  @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 500) mediaPath!: string | null;
  @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 255) mediaName!: string | null;
}

// ---- tickets (spec 000 sections 4 and 7) ----

/** `GET /tickets`. List parameters arrive as JSON text (`queueIds=[1,2]`), as the web app sends them. */
export class TicketsQueryDto extends PageQueryDto {
  @IsOptional() @IsIn(TICKET_STATUSES) status?: TicketStatus;
  @IsOptional() @Transform(idList) @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) tags?: number[];
  @IsOptional() @Transform(idList) @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) users?: number[];
  @IsOptional() @Transform(idList) @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) queueIds?: number[];
  /** Tickets created that day (YYYY-MM-DD). */
  @IsOptional() @IsCalendarDay() date?: string;
  /** Tickets last updated that day (YYYY-MM-DD). */
  @IsOptional() @IsCalendarDay() updatedAt?: string;
  /** Every agent's tickets, not only one's own (admins only; ignored for others). */
  @IsOptional() @Transform(booleanish) @IsBoolean() showAll?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() withUnreadMessages?: boolean;
}

export class CreateTicketDto {
  @Type(() => Number) @IsInt() @Min(1) contactId!: number;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) queueId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) whatsappId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) userId?: number | null;
  @IsOptional() @IsIn(TICKET_STATUSES) status?: TicketStatus;
}

/** `PUT /tickets/{id}`: accept, return, resolve, reopen and transfer are all this call (spec 000 section 4). */
export class UpdateTicketDto {
  @IsOptional() @IsIn(TICKET_STATUSES) status?: TicketStatus;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) userId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) queueId?: number | null;
  @IsOptional() @Transform(booleanish) @IsBoolean() useIntegration?: boolean;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) promptId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) integrationId?: number | null;
}

// ---- messages (spec 000 "Message composer") ----

export class MessagesQueryDto extends PickType(PageQueryDto, ['pageNumber'] as const) {
  /** `false`: page 1 leaves the unread count and WhatsApp read receipts alone (an admin's peek). Default true. */
  @IsOptional() @Transform(booleanish) @IsBoolean() markRead?: boolean;
}

/** The quoted message as the composer sends it (the message object), or its id. */
const quotedId = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object' && 'id' in value) return (value as { id: unknown }).id;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
};

/**
 * `POST /messages/{ticketId}` as JSON, or the text fields of the multipart form (with `medias`).
 * `read` and `fromMe` are accepted for existing clients and ignored: a message sent here is
 * always from the business. `mediaUrl` re-sends a stored file of this company (a quick
 * message's attachment). With `signMessage` the agent's name is put before the text. A multipart
 * form may repeat `body` once per file (as some clients do): each is its file's caption.
 */
export class SendMessageDto {
  @IsOptional() @IsString({ each: true }) @MaxLength(MESSAGE_BODY_MAX, { each: true }) body?: string | string[];
  @IsOptional() @Transform(quotedId) @IsInt() @Min(1) quotedMsg?: number;
  @IsOptional() @Transform(booleanish) @IsBoolean() read?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() fromMe?: boolean;
  @IsOptional() @IsString() @MaxLength(1000) mediaUrl?: string;
  @IsOptional() @Transform(booleanish) @IsBoolean() signMessage?: boolean;
}

/** A file the gateway already put in object storage for a message. */
export class MessageMediaDto {
  @IsString() @Length(1, 500) path!: string;
  @IsString() @Length(3, 100) mimetype!: string;
  @IsString() @Length(1, 255) filename!: string;
  @Type(() => Number) @IsInt() @Min(0) size!: number;
}

/** What the gateway asks the tickets service to send: text, and/or media already stored. */
export class SendMessageCommand {
  @Type(() => Number) @IsInt() @Min(1) ticketId!: number;
  @IsOptional() @IsString() @MaxLength(MESSAGE_BODY_MAX) body?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) quotedMsgId?: number;
  @IsOptional() @Transform(booleanish) @IsBoolean() signMessage?: boolean;
  @IsOptional() @IsString() @MaxLength(1000) mediaUrl?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => MessageMediaDto) medias?: MessageMediaDto[];
  /** One caption per file of `medias`, in order (instead of `body`). */
  @IsOptional() @IsArray() @ArrayMaxSize(10) @IsString({ each: true }) @MaxLength(MESSAGE_BODY_MAX, { each: true }) captions?: string[];
}

export class MediaAccessDto {
  @IsString() @Length(1, 500) key!: string;
}

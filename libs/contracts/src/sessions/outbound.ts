import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { booleanish } from '../transforms.js';
import type { ChannelContact, MessageAck } from './messages.js';

/**
 * What other services (tickets, campaigns, the external API) ask a WhatsApp connection to do:
 * request `SessionsSubjects.command` with an OutboundRequestDto. Any sessions replica takes the
 * request and forwards it to the one that owns the connection; sends are paced per number.
 */
export const OUTBOUND_COMMAND_TYPES = [
  'sendText',
  'sendMedia',
  'sendLocation',
  'sendVcard',
  'edit',
  'delete',
  'markRead',
  'checkNumber',
  'checkNumbers',
  'profilePicture',
  'rejectCall',
  'listContacts',
  'presence',
  'sendReaction',
  'sendMenu',
  'sendTemplate',
] as const;
export type OutboundCommandType = (typeof OUTBOUND_COMMAND_TYPES)[number];

/** What `presence` shows the customer: "typing…", "recording…", or neither any more. */
export const CHAT_PRESENCES = ['composing', 'recording', 'paused'] as const;
export type ChatPresence = (typeof CHAT_PRESENCES)[number];

/** The longest gap a send may ask to keep after the number's previous one (`minGapMs`, ms). */
export const OUTBOUND_MIN_GAP_MAX_MS = 3_600_000;

/** Most numbers one `checkNumbers` command takes. */
export const CHECK_NUMBERS_LIMIT = 500;

/** A chat id as inbound messages carry it (a number, `<lid>@lid` or `<group>@g.us`). */
const CHAT_ID = /^(\d{5,20}|\d{5,30}@lid|[\d-]{5,40}@g\.us)$/;

export class OutboundMediaDto {
  /** Object-storage key of the file. */
  @IsString() @Length(1, 500) path!: string;
  @IsString() @Length(3, 100) mimetype!: string;
  @IsString() @Length(1, 255) filename!: string;
  /** Send an audio as a voice note. */
  @IsOptional() @Transform(booleanish) @IsBoolean() voiceNote?: boolean;
}

/** One option of a `sendMenu`: its id comes back as the body of the customer's reply. */
export class OutboundMenuOptionDto {
  @IsString() @Length(1, 200) id!: string;
  @IsString() @Length(1, 200) title!: string;
  @IsOptional() @IsString() @MaxLength(200) description?: string;
}

/** A chatbot's menu: interactive buttons or list on networks that have them (Cloud API), text elsewhere or beyond 10 options. */
export class OutboundMenuDto {
  @IsString() @Length(1, 4096) body!: string;
  @IsOptional() @IsString() @Length(1, 20) buttonText?: string;
  @IsOptional() @IsString() @MaxLength(60) footer?: string;
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => OutboundMenuOptionDto)
  options!: OutboundMenuOptionDto[];
  /** The menu as a text (as the conversation shows it): sent instead on networks without menus and beyond 10 options. */
  @IsOptional() @IsString() @MaxLength(65_536) text?: string;
}

/** An approved Cloud API template and its parameters, as Meta's `template` object of POST /messages takes them. */
export class OutboundTemplateDto {
  @IsString() @Matches(/^[a-z0-9_]{1,512}$/) name!: string;
  @IsString() @Matches(/^[a-zA-Z]{2,3}(_[a-zA-Z0-9]{2,4})?$/) language!: string;
  /** Meta's components (`{ type: 'body', parameters: [{ type: 'text', text: '…' }] }`, …), passed on as they are. */
  @IsOptional() @IsArray() @ArrayMaxSize(20) components?: Array<Record<string, unknown>>;
}

export class OutboundLocationDto {
  @IsNumber() @Min(-90) @Max(90) latitude!: number;
  @IsNumber() @Min(-180) @Max(180) longitude!: number;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(500) address?: string;
}

/**
 * One command; which fields apply depends on `type`:
 * sendText (to, body, quotedId?, newMessageId?), sendMedia (to, media, body? as caption, quotedId?, newMessageId?),
 * sendLocation (to, location), sendVcard (to, vcard), edit (to, messageId, body),
 * delete (to, messageId), markRead (to, messageIds), checkNumber (number), checkNumbers (numbers,
 * at most CHECK_NUMBERS_LIMIT, one round trip to WhatsApp),
 * profilePicture (number), rejectCall (callId, to), listContacts (nothing: the connected
 * phone's address book as the channel knows it, at most CONTACT_LIST_LIMIT entries),
 * presence (to, presence: composing, recording or paused; not paced, answers at once).
 * `newMessageId`: the id the sent message gets at WhatsApp, chosen by the caller (uppercase hex,
 * as WhatsApp's own): a send repeated with the same id is the same message, never a second one
 * (a retry after an answer that never came, e.g. a replica that died mid-send).
 */
export class OutboundCommandDto {
  @IsIn(OUTBOUND_COMMAND_TYPES) type!: OutboundCommandType;
  @IsOptional() @IsString() @Matches(CHAT_ID) to?: string;
  @IsOptional() @IsString() @MaxLength(65_536) body?: string;
  @IsOptional() @IsString() @Length(1, 128) quotedId?: string;
  @IsOptional() @IsString() @Matches(/^[0-9A-F]{16,32}$/) newMessageId?: string;
  @IsOptional() @ValidateNested() @Type(() => OutboundMediaDto) media?: OutboundMediaDto;
  @IsOptional() @ValidateNested() @Type(() => OutboundLocationDto) location?: OutboundLocationDto;
  @IsOptional() @IsString() @Length(10, 10_000) vcard?: string;
  @IsOptional() @IsString() @Length(1, 128) messageId?: string;
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(500) @IsString({ each: true }) messageIds?: string[];
  @IsOptional() @IsString() @Matches(/^\d{8,15}$/) number?: string;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHECK_NUMBERS_LIMIT)
  @IsString({ each: true })
  @Matches(/^\d{8,20}$/, { each: true })
  numbers?: string[];
  @IsOptional() @IsString() @Length(1, 128) callId?: string;
  @IsOptional() @IsIn(CHAT_PRESENCES) presence?: ChatPresence;
  /** sendReaction (to, messageId, emoji; '' removes it). */
  @IsOptional() @IsString() @MaxLength(16) emoji?: string;
  /** sendMenu (to, menu, quotedId?, newMessageId?). */
  @IsOptional() @ValidateNested() @Type(() => OutboundMenuDto) menu?: OutboundMenuDto;
  /** sendTemplate (to, template, newMessageId?): Cloud API connections only (ERR_SENDING_WAPP_MSG elsewhere). */
  @IsOptional() @ValidateNested() @Type(() => OutboundTemplateDto) template?: OutboundTemplateDto;
  /**
   * Sends only: the number starts this send at least this many ms after its previous send
   * completed (WhatsApp took it), so the recipient side sees the two at least that far apart (a
   * campaign's pace); the service's own minimum gap between send starts holds as well.
   */
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(OUTBOUND_MIN_GAP_MAX_MS) minGapMs?: number;
}

export class OutboundRequestDto {
  @Type(() => Number) @IsInt() @Min(1) companyId!: number;
  @Type(() => Number) @IsInt() @Min(1) whatsappId!: number;
  @ValidateNested() @Type(() => OutboundCommandDto) command!: OutboundCommandDto;
}

/** Answer to the send commands and to edit. */
export interface SentMessageResult {
  /** The channel's id of the message: acks, edits and quotes refer to it. */
  id: string;
  timestamp: number;
  ack: MessageAck;
}

export interface CheckNumberResult {
  exists: boolean;
  /** The chat id to write to when it exists. */
  chatId: string | null;
}

/** One number of a `checkNumbers` answer. */
export interface NumberCheck extends CheckNumberResult {
  number: string;
}

/** Answer to `checkNumbers`: one entry per number asked, in the order asked. */
export interface CheckNumbersResult {
  results: NumberCheck[];
}

export interface ProfilePictureResult {
  url: string | null;
}

/** Most address-book entries `listContacts` answers. */
export const CONTACT_LIST_LIMIT = 5000;

/** The connected phone's address book: entries with a phone number and/or a lid, and the name saved or given. */
export interface ContactListResult {
  contacts: ChannelContact[];
}

/** What each command answers; delete, markRead, rejectCall and presence answer `{ ok: true }`. */
export type OutboundResult =
  SentMessageResult | CheckNumberResult | CheckNumbersResult | ProfilePictureResult | ContactListResult | { ok: true };

/** What each command type answers (the typed sessions client reads it). */
export interface OutboundResults {
  sendText: SentMessageResult;
  sendMedia: SentMessageResult;
  sendLocation: SentMessageResult;
  sendVcard: SentMessageResult;
  edit: SentMessageResult;
  delete: { ok: true };
  markRead: { ok: true };
  checkNumber: CheckNumberResult;
  checkNumbers: CheckNumbersResult;
  profilePicture: ProfilePictureResult;
  rejectCall: { ok: true };
  listContacts: ContactListResult;
  presence: { ok: true };
  sendReaction: SentMessageResult;
  sendMenu: SentMessageResult;
  sendTemplate: SentMessageResult;
}

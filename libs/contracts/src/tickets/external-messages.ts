import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { Rpc } from '../contract.js';
import { TemplateSendDto } from '../sessions/templates.js';
import { booleanish } from '../transforms.js';
import { MessageMediaDto } from './dto.js';

/**
 * The external messaging API (spec 001 section 7: `POST {host}/api/messages/send`, issue 15). The
 * gateway authenticates the connection's token, applies the plan flag, the rate limit and stores
 * the uploaded files; the tickets service checks the number on WhatsApp through that connection,
 * finds or creates the contact and its ticket and sends through the composer's path.
 */
export const ExternalMessagesSubjects = {
  send: 'tickets.external-messages.send',
} as const;

/** A number as the API takes it: country code, area code and number, digits only, no mask (spec 001 section 5). */
export const EXTERNAL_NUMBER_PATTERN = /^\d{10,15}$/;
/** Most files one API call may carry (multipart field `medias`). */
export const EXTERNAL_MAX_MEDIAS = 10;

/** The request's body: JSON `{ number, body }` or multipart `{ number, body, medias }`, optional `closeTicket`. */
export class ExternalSendDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString()
  @Matches(EXTERNAL_NUMBER_PATTERN, { message: 'number: country code, area code and number, digits only (e.g. 5511999999999)' })
  number!: string;
  @IsOptional() @IsString() @MaxLength(65_536) body?: string;
  /** Close the ticket once the message is sent (`true`, `"true"` or `1`). */
  @IsOptional() @Transform(booleanish) @IsBoolean() closeTicket?: boolean;
  /**
   * On a Cloud API connection (issue 26): an approved template with its variables' values, sent
   * instead of `body` (JSON requests only). The one message a customer who has not written in the
   * last 24 hours can receive; a `body` to such a customer is refused with ERR_WAPP_WINDOW_CLOSED.
   */
  @IsOptional() @ValidateNested() @Type(() => TemplateSendDto) template?: TemplateSendDto;
}

/** What the gateway asks the tickets service. */
export class ExternalMessageCommand {
  @Type(() => Number) @IsInt() @Min(1) @Max(2_147_483_647) whatsappId!: number;
  @IsString() @Matches(EXTERNAL_NUMBER_PATTERN) number!: string;
  @IsString() @MaxLength(65_536) body!: string;
  @Transform(booleanish) @IsBoolean() closeTicket!: boolean;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EXTERNAL_MAX_MEDIAS)
  @ValidateNested({ each: true })
  @Type(() => MessageMediaDto)
  medias?: MessageMediaDto[];
  /** An approved template to send instead of `body` (a Cloud API connection's). */
  @IsOptional() @ValidateNested() @Type(() => TemplateSendDto) template?: TemplateSendDto;
  /** The client's `Idempotency-Key`: a second call with it sends nothing and answers as the first. */
  @IsOptional() @IsString() @Matches(/^[\x21-\x7e]{1,255}$/) idempotencyKey?: string;
  /** What identifies the request under that key (a hash of number, body, files and closeTicket): another request with the same key is refused. */
  @IsOptional() @IsString() @Matches(/^[0-9a-f]{64}$/) fingerprint?: string;
}

export interface ExternalMessageResult {
  /** True when this Idempotency-Key was sent before: nothing was sent this time. */
  duplicate: boolean;
  contactId: number;
  ticketId: number;
  messageIds: number[];
}

/** The API's answer (Atendechat's text, which its clients read). */
export const EXTERNAL_SEND_ANSWER = { mensagem: 'Mensagem enviada' } as const;

export type ExternalMessagesContract = {
  [ExternalMessagesSubjects.send]: Rpc<ExternalMessageCommand, ExternalMessageResult>;
};

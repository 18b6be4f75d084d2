import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { booleanish, optionalId } from '../transforms.js';
import { CLOUD_MAX_MESSAGES_PER_SECOND } from './cloud.js';
import { WHATSAPP_PROVIDERS, type WhatsappProvider } from './status.js';

const MESSAGE_MAX = 5000;
/** A Graph API object id (phone number, WABA): digits. */
const GRAPH_ID = /^\d{5,30}$/;
/** A secret as typed: no spaces or control characters ('' or the mask keep the stored one on update). */
const SECRET_TEXT = /^[\x21-\x7e]*$/;

/** The connection dialog's fields but the name, all optional (spec 001 "Connections", issue 4). */
class WhatsappFieldsDto {
  @IsOptional() @IsIn(WHATSAPP_PROVIDERS) provider?: WhatsappProvider;
  @IsOptional() @Transform(booleanish) @IsBoolean() isDefault?: boolean;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(MESSAGE_MAX) greetingMessage?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(MESSAGE_MAX) complationMessage?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(MESSAGE_MAX) outOfHoursMessage?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(MESSAGE_MAX) ratingMessage?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) @Min(1, { each: true }) queueIds?: number[];
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) promptId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) integrationId?: number | null;
  /** A flow run on new conversations of the connection (issue 27); null detaches it. */
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) flowId?: number | null;
  /** Queue and minutes of an automatic transfer, as existing clients edit them (stored; not acted on yet). */
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) transferQueueId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(0) @Max(525_600) timeToTransfer?: number | null;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(525_600) expiresTicket?: number;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(MESSAGE_MAX) expiresInactiveMessage?: string | null;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(525_600) timeUseBotQueues?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(1000) maxUseBotQueues?: number;

  // provider `cloud` (Meta's WhatsApp Cloud API, issue 26): required when creating one, each optional on update
  /** The business phone number's id in Meta's WhatsApp Manager (digits). */
  @IsOptional() @IsString() @Matches(GRAPH_ID) phoneNumberId?: string;
  /** The WhatsApp Business Account's id (digits): its templates live there. */
  @IsOptional() @IsString() @Matches(GRAPH_ID) wabaId?: string;
  /** A system user's access token; write-only (stored encrypted). On update, left out, '' or SECRET_MASK keeps the stored one. */
  @IsOptional() @IsString() @MaxLength(2000) @Matches(SECRET_TEXT) accessToken?: string;
  /** The Meta app's secret that signs webhooks; write-only (stored encrypted). On update, left out, '' or SECRET_MASK keeps it. */
  @IsOptional() @IsString() @MaxLength(200) @Matches(SECRET_TEXT) appSecret?: string;
  /** The number's send pace (Meta: 80 per second, raised to 1 000 on upgraded numbers). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(CLOUD_MAX_MESSAGES_PER_SECOND) messagesPerSecond?: number;
}

/**
 * `POST /whatsapp`. Fields the server owns (status, qrcode, retries, session, ...) are stripped.
 */
export class WhatsappDto extends WhatsappFieldsDto {
  @IsString() @Length(2, 50) name!: string;
}

/** `PUT /whatsapp/{id}`: any subset of the dialog's fields. */
export class UpdateWhatsappDto extends WhatsappFieldsDto {
  @IsOptional() @IsString() @Length(2, 50) name?: string;
}

/** `GET /whatsapp` query: companyId and session=0 are what the web app sends; the company comes from the token. */
export class WhatsappListQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() companyId?: number;
  @IsOptional() @IsString() @MaxLength(10) session?: string;
}

/** `POST /whatsappsession/{id}`: with a phone number the session pairs by code instead of QR. */
export class StartSessionDto {
  @IsOptional() @IsString() @Matches(/^\d{10,15}$/) phoneNumber?: string;
}

/** The external API's bearer token, as a client sent it (its hash is looked up). */
export class WhatsappTokenDto {
  @IsString() @Length(8, 200) token!: string;
}

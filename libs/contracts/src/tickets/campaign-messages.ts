import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { Rpc } from '../contract.js';
import { OUTBOUND_MIN_GAP_MAX_MS } from '../sessions/outbound.js';
import { TemplateSendDto } from '../sessions/templates.js';

/**
 * What the campaigns service asks the tickets service to deliver for one shipping (issue 12):
 * the message is stored in the recipient's conversation (contact found or created by number)
 * and sent on the connection, without putting a ticket in the agents' inbox. `key` makes the
 * call idempotent: a second call with the same key (a retry after a lost answer, a restart after
 * a kill) sends nothing and answers `duplicate: true`.
 */
export const CampaignMessagesSubjects = {
  send: 'tickets.campaign-messages.send',
  /** `{ tagId }` → the contacts of the company's tickets that carry the tag (a campaign's tag list). */
  tagContacts: 'tickets.campaign-messages.tag-contacts',
} as const;

export class CampaignMessageMediaDto {
  @IsString() @Length(1, 500) path!: string;
  @IsString() @Length(3, 100) mimetype!: string;
  @IsString() @Length(1, 255) filename!: string;
}

export class CampaignMessageDto {
  @IsString() @Matches(/^[\w:.-]{1,120}$/) key!: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(2_147_483_647) whatsappId!: number;
  @IsString() @Matches(/^\d{8,20}$/) number!: string;
  @IsString() @Length(1, 100) name!: string;
  @IsOptional() @IsString() @MaxLength(254) email?: string;
  @IsString() @MaxLength(65_536) body!: string;
  @IsOptional() @ValidateNested() @Type(() => CampaignMessageMediaDto) media?: CampaignMessageMediaDto;
  /** A Cloud API campaign's approved template with this recipient's values (issue 26): sent instead of `body`, in or out of the 24-hour window. */
  @IsOptional() @ValidateNested() @Type(() => TemplateSendDto) template?: TemplateSendDto;
  /**
   * A confirmation request: the recipient's next message on this connection within this many ms
   * is stated as `campaignMessage.answered` (integration event) for the campaigns service.
   */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1_000) @Max(2_147_483_647) awaitReplyMs?: number;
  /** The campaign's pace: the connection starts this message at least this many ms after its previous send completed (OutboundCommandDto.minGapMs). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(OUTBOUND_MIN_GAP_MAX_MS) minGapMs?: number;
}

/** tickets → campaigns: a recipient answered a campaign's confirmation request (integration event `campaignMessage.answered`). */
export interface CampaignMessageAnswered {
  whatsappId: number;
  /** The recipient's number, digits only. */
  number: string;
  /** The stored customer message that answered. */
  messageId: number;
}

export interface CampaignMessageResult {
  /** True when this key was delivered before: nothing was sent this time. */
  duplicate: boolean;
  contactId: number;
  ticketId: number;
}

export class TagContactsDto {
  @Type(() => Number) @IsInt() @Min(1) @Max(2_147_483_647) tagId!: number;
}

export interface TagContactsView {
  contacts: Array<{ name: string; number: string; email: string }>;
}

export type CampaignMessagesContract = {
  [CampaignMessagesSubjects.send]: Rpc<CampaignMessageDto, CampaignMessageResult>;
  [CampaignMessagesSubjects.tagContacts]: Rpc<TagContactsDto, TagContactsView>;
};

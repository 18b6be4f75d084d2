import { Type } from 'class-transformer';
import { IsInt, Min, ValidateNested } from 'class-validator';
import type { WhatsappProvider } from '../sessions/status.js';
import { TemplateSendDto } from '../sessions/templates.js';

/**
 * A ticket's conversation seen through Meta's customer-service window (issue 26), as the
 * composer needs it: on a `cloud` connection, free text only while `open`; past `closesAt`,
 * templates only. On other channels the window never closes (`applies` false).
 */
export interface CustomerWindowView {
  ticketId: number;
  provider: WhatsappProvider;
  /** The connection is a `cloud` one: the window rules its sends. */
  applies: boolean;
  open: boolean;
  /** When the customer last wrote on this connection (ISO); null when never. */
  lastCustomerMessageAt: string | null;
  /** When free text stops being allowed (ISO); null when the customer never wrote. */
  closesAt: string | null;
}

/** `POST /messages/{ticketId}/template`: an approved template of the ticket's connection, with its values. */
export class TicketTemplateMessageDto {
  @Type(() => Number) @IsInt() @Min(1) ticketId!: number;
  @ValidateNested() @Type(() => TemplateSendDto) template!: TemplateSendDto;
}

import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { WhatsappProvider, WhatsappStatus } from './sessions/status.js';
import type { ConnectionAutomation } from './sessions/views.js';

/**
 * Read models: the copies a service keeps of another service's records (tickets keeps users'
 * names and connections, identity keeps queues' names and colours). They are fed by the owner's
 * integration events and reconciled when the keeping service starts: it pages through the
 * owner's full set (`<owner>.<records>.refs`, no actor, not reachable from the gateway), upserts
 * it and drops what is gone.
 */

/** Rows per page of a `refs` answer; a shorter page is the last. */
export const READ_MODEL_PAGE_SIZE = 500;

/** A page of an owner's records for a read model: ids greater than `afterId`, in id order, every company. */
export class ReadModelPageDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(2_147_483_647) afterId?: number;
}

/** identity's user as tickets keeps it (names on tickets, notes and greetings). */
export interface UserRefRecord {
  id: number;
  companyId: number;
  name: string;
}

/** The tickets service's queue as identity keeps it (names and colours shown with users' queues). */
export interface QueueRefRecord {
  id: number;
  companyId: number;
  name: string;
  color: string;
}

/** The sessions service's connection as tickets keeps it (ticket routing and the automaton). */
export interface WhatsappRefRecord {
  id: number;
  companyId: number;
  name: string;
  status: WhatsappStatus;
  isDefault: boolean;
  provider: WhatsappProvider;
  queueIds: number[];
  automation: ConnectionAutomation;
}

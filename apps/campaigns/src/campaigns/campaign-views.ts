import { Inject, Injectable } from '@nestjs/common';
import { SessionsSubjects, type Actor, type CampaignReportView, type CampaignView } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { CampaignsRepository, type CampaignRow } from './campaigns.repository.js';

/** How long a company's connection names are reused. */
const NAMES_TTL_MS = 10_000;

/** The actor campaigns asks other services with on a company's behalf (its own jobs: no user). */
export function companyActor(companyId: number): Actor {
  return { userId: 0, companyId, profile: 'admin', super: false, queueIds: [], allTicket: 'enabled', sessionId: `campaigns-${companyId}` };
}

/** Campaign rows as the pages read them: with the report's counts, the contact list and the connection (id and name). */
@Injectable()
export class CampaignViews {
  private readonly names = new Map<number, { at: number; byId: Map<number, string> }>();

  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async many(companyId: number, rows: CampaignRow[]): Promise<CampaignView[]> {
    const ids = rows.map((row) => row.id);
    const listIds = [...new Set(rows.map((row) => row.contactListId).filter((id): id is number => id !== null))];
    const [{ reports, lists }, connections] = await Promise.all([
      this.database.withTenant(companyId, async (tx) => ({
        reports: await this.campaigns.reports(tx, companyId, ids),
        lists: await this.campaigns.contactListNames(tx, companyId, listIds),
      })),
      this.connectionNames(
        companyId,
        rows.map((row) => row.whatsappId).filter((id): id is number => id !== null),
      ),
    ]);
    return rows.map((row) => toCampaignView(row, reports.get(row.id)!, lists, connections));
  }

  async one(companyId: number, row: CampaignRow): Promise<CampaignView> {
    return (await this.many(companyId, [row]))[0]!;
  }

  private async connectionNames(companyId: number, ids: number[]): Promise<Map<number, string>> {
    const cached = this.names.get(companyId);
    if (cached && Date.now() - cached.at < NAMES_TTL_MS && ids.every((id) => cached.byId.has(id))) return cached.byId;
    if (ids.length === 0) return new Map();
    try {
      const connections = await this.rpc.request(SessionsSubjects.whatsappList, {}, { actor: companyActor(companyId) });
      const byId = new Map(connections.map((connection) => [connection.id, connection.name]));
      this.names.set(companyId, { at: Date.now(), byId });
      return byId;
    } catch (error) {
      this.logger.warn({ companyId, error }, 'connection names unavailable');
      return cached?.byId ?? new Map();
    }
  }
}

export function toCampaignView(
  row: CampaignRow,
  report: CampaignReportView,
  lists: Map<number, string>,
  connections: Map<number, string>,
): CampaignView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    status: row.status,
    confirmation: row.confirmation,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    whatsappId: row.whatsappId,
    contactListId: row.contactListId,
    tagListId: row.tagListId,
    fileListId: row.fileListId,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    template: row.template ?? null,
    contactList:
      row.contactListId !== null && lists.has(row.contactListId) ? { id: row.contactListId, name: lists.get(row.contactListId)! } : null,
    whatsapp: row.whatsappId !== null ? { id: row.whatsappId, name: connections.get(row.whatsappId) ?? '' } : null,
    report,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

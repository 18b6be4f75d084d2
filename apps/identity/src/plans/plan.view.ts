import type { PlanView, PublicPlanView } from '@atrium/contracts';
import type { plans } from '../db/schema.js';

type PlanRow = typeof plans.$inferSelect;

export function toPlanView(row: PlanRow): PlanView {
  return {
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    value: Number(row.value),
    useCampaigns: row.useCampaigns,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
  };
}

export function toPublicPlanView(row: PlanRow): PublicPlanView {
  return { id: row.id, name: row.name, users: row.users, connections: row.connections, queues: row.queues, value: Number(row.value) };
}

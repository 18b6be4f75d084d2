import type { FlowSummaryView, FlowView } from '@atrium/contracts';
import type { FlowRow } from './flows.repository.js';

export function toFlowSummary(row: Pick<FlowRow, 'id' | 'name' | 'version' | 'createdAt' | 'updatedAt'>): FlowSummaryView {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toFlowView(row: FlowRow): FlowView {
  return { ...toFlowSummary(row), nodes: row.nodes, edges: row.edges, publishedAt: row.publishedAt?.toISOString() ?? null };
}

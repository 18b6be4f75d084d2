import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  flowProblems,
  parseFlowGraph,
  TicketsSubjects,
  type Actor,
  type Done,
  type FlowCreateDto,
  type FlowGraph,
  type FlowProblem,
  type FlowPublishView,
  type FlowsPageView,
  type FlowsQueryDto,
  type FlowStatsView,
  type FlowUpdateDto,
  type FlowView,
} from '@atrium/contracts';
import { hasMore, requireAdmin } from '@atrium/kernel';
import { AuditTrail, IntegrationOutbox, requireReferences, RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { QueueIntegrationsService } from '../integrations/queue-integrations.service.js';
import { PromptsService } from '../prompts/prompts.service.js';
import type { AiDatabase } from '../shared/ai-database.js';
import { toFlowSummary, toFlowView } from './flow.view.js';
import { FlowsRepository } from './flows.repository.js';

const PAGE_SIZE = 20;

/** ERR_VALIDATION naming each problem's field (`nodes.3.data.text`, `edges.1.target`, ...). */
export function flowValidationError(problems: FlowProblem[]): AppError {
  const byField = new Map<string, string[]>();
  for (const problem of problems) byField.set(problem.field, [...(byField.get(problem.field) ?? []), problem.message]);
  return new AppError(ErrorCode.ERR_VALIDATION, {
    fields: [...byField].map(([field, messages]) => ({ field, messages })),
    data: { problems },
  });
}

/**
 * Flows of the actor's company (issue 27, `/flows`): the draft an admin edits, and publishing it as
 * a new immutable version (checked complete, its prompts, integrations and queues the company's).
 */
@Injectable()
export class FlowsService {
  constructor(
    @Inject(DATABASE) private readonly database: AiDatabase,
    @Inject(FlowsRepository) private readonly flows: FlowsRepository,
    @Inject(PromptsService) private readonly prompts: PromptsService,
    @Inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async page(actor: Actor, query: FlowsQueryDto): Promise<FlowsPageView> {
    requireAdmin(actor);
    const { rows, count } = await this.database.withTenant(actor.companyId, (tx) =>
      this.flows.page(tx, actor.companyId, query.searchParam, query.pageNumber, PAGE_SIZE),
    );
    return { flows: rows.map(toFlowSummary), hasMore: hasMore(query.pageNumber, PAGE_SIZE, rows.length, count) };
  }

  async show(actor: Actor, id: number): Promise<FlowView> {
    requireAdmin(actor);
    const row = await this.database.withTenant(actor.companyId, (tx) => this.flows.find(tx, actor.companyId, id));
    if (!row) throw new AppError(ErrorCode.ERR_NO_FLOW_FOUND);
    return toFlowView(row);
  }

  async create(actor: Actor, dto: FlowCreateDto, graph: FlowGraph = { nodes: [], edges: [] }): Promise<FlowView> {
    requireAdmin(actor);
    const row = await this.database.withTenant(actor.companyId, (tx) =>
      this.flows.insert(tx, { companyId: actor.companyId, name: dto.name, nodes: graph.nodes, edges: graph.edges }),
    );
    return toFlowView(row);
  }

  /** Saves the draft: refused (ERR_VALIDATION with every problem) when a node or edge is malformed; an incomplete draft is kept. */
  async update(actor: Actor, id: number, dto: FlowUpdateDto): Promise<FlowView> {
    requireAdmin(actor);
    const { graph, problems } = parseFlowGraph(dto.nodes, dto.edges);
    if (problems.length > 0) throw flowValidationError(problems);
    const row = await this.database.withTenant(actor.companyId, (tx) =>
      this.flows.update(tx, actor.companyId, id, { name: dto.name, nodes: graph.nodes, edges: graph.edges }),
    );
    if (!row) throw new AppError(ErrorCode.ERR_NO_FLOW_FOUND);
    return toFlowView(row);
  }

  /** Deletes it with its versions and states `flow.deleted`: tickets and sessions detach it; conversations inside it go to people. */
  async delete(actor: Actor, id: number): Promise<Done> {
    requireAdmin(actor);
    await this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.flows.delete(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_FLOW_FOUND);
      await this.outbox.add(tx, 'flow.deleted', actor.companyId, { flowId: id });
    });
    return { message: 'Flow deleted' };
  }

  /** The draft, complete and naming only the company's records, becomes the next version. */
  async publish(actor: Actor, id: number): Promise<FlowPublishView> {
    requireAdmin(actor);
    const draft = await this.database.withTenant(actor.companyId, (tx) => this.flows.find(tx, actor.companyId, id));
    if (!draft) throw new AppError(ErrorCode.ERR_NO_FLOW_FOUND);
    const { graph, problems } = parseFlowGraph(draft.nodes, draft.edges);
    problems.push(...flowProblems(graph));
    if (problems.length > 0) throw flowValidationError(problems);
    const queueIds = graph.nodes.flatMap((node) => (node.type === 'transfer' && node.data.queueId ? [node.data.queueId] : []));
    if (queueIds.length > 0)
      await requireReferences(this.rpc, TicketsSubjects.referencesMissing, actor, { queueIds }, { queueIds: 'nodes.data.queueId' });
    await this.requireBots(actor, graph);
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.flows.find(tx, actor.companyId, id, true);
      if (!row) throw new AppError(ErrorCode.ERR_NO_FLOW_FOUND);
      const version = (row.version ?? 0) + 1;
      await this.flows.insertVersion(tx, { companyId: actor.companyId, flowId: id, version, nodes: graph.nodes, edges: graph.edges });
      await this.flows.update(tx, actor.companyId, id, { version, publishedAt: new Date() });
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'flow.published',
        entityType: 'flow',
        entityId: id,
        before: { version: row.version ?? 0 },
        after: { name: row.name, version, nodes: graph.nodes.length, edges: graph.edges.length },
      });
      return { version };
    });
  }

  async stats(actor: Actor, id: number): Promise<FlowStatsView> {
    requireAdmin(actor);
    return this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.flows.find(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_FLOW_FOUND);
      return { flowId: id, nodes: await this.flows.stats(tx, actor.companyId, id) };
    });
  }

  /** The ids that are not flows of the company (tickets and sessions ask before they attach one). */
  missingIds(companyId: number, ids: number[]): Promise<number[]> {
    return this.database
      .withTenant(companyId, (tx) => this.flows.existingIds(tx, companyId, ids))
      .then((known) => ids.filter((flowId) => !known.includes(flowId)));
  }

  /** The ai and integration nodes name prompts and integrations of the company. */
  private async requireBots(actor: Actor, graph: FlowGraph): Promise<void> {
    const promptIds = graph.nodes.flatMap((node) => (node.type === 'ai' ? [node.data.promptId] : []));
    const integrationIds = graph.nodes.flatMap((node) => (node.type === 'integration' ? [node.data.integrationId] : []));
    const missingPrompts = new Set((await this.prompts.missingPrompts(actor, { promptIds })).missing.promptIds ?? []);
    const missingIntegrations = new Set(await this.integrations.missingIds(actor.companyId, integrationIds));
    const problems: FlowProblem[] = [];
    graph.nodes.forEach((node, index) => {
      if (node.type === 'ai' && missingPrompts.has(node.data.promptId))
        problems.push({ field: `nodes.${index}.data.promptId`, nodeId: node.id, message: 'is not a prompt of this company' });
      if (node.type === 'integration' && missingIntegrations.has(node.data.integrationId))
        problems.push({ field: `nodes.${index}.data.integrationId`, nodeId: node.id, message: 'is not an integration of this company' });
    });
    if (problems.length > 0) throw flowValidationError(problems);
  }
}

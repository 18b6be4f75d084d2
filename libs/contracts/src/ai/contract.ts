import type {
  QueueIntegrationDto,
  QueueIntegrationsPageView,
  QueueIntegrationsQueryDto,
  QueueIntegrationTestSessionDto,
  QueueIntegrationTestSessionView,
  QueueIntegrationView,
} from './queue-integrations.js';
import type { ById, Done, NoData, Rpc, Update } from '../contract.js';
import type { MissingReferences } from '../references.js';
import type { AiReferencesDto, PromptDto, PromptsListView, PromptView, UpdatePromptDto } from './prompts.js';
import type {
  FlowCreateDto,
  FlowFromQueueMenuDto,
  FlowPublishView,
  FlowsPageView,
  FlowsQueryDto,
  FlowStatsView,
  FlowUpdateDto,
  FlowView,
} from './flows.js';
import { AiSubjects as S } from './subjects.js';

/** What each ai subject takes and answers. */
export type AiContract = {
  [S.queueIntegrationsPage]: Rpc<QueueIntegrationsQueryDto, QueueIntegrationsPageView>;
  [S.queueIntegrationsShow]: Rpc<{ id: number }, QueueIntegrationView>;
  [S.queueIntegrationsSigningSecret]: Rpc<{ id: number }, { signingSecret: string | null }>;
  [S.queueIntegrationsCreate]: Rpc<QueueIntegrationDto, QueueIntegrationView>;
  [S.queueIntegrationsUpdate]: Rpc<{ id: number; body: QueueIntegrationDto }, QueueIntegrationView>;
  [S.queueIntegrationsDelete]: Rpc<{ id: number }, { message: string }>;
  [S.queueIntegrationsTestSession]: Rpc<QueueIntegrationTestSessionDto, QueueIntegrationTestSessionView>;
  [S.promptsList]: Rpc<NoData, PromptsListView>;
  [S.promptsShow]: Rpc<ById, PromptView>;
  [S.promptsCreate]: Rpc<PromptDto, PromptView>;
  [S.promptsUpdate]: Rpc<Update<UpdatePromptDto>, PromptView>;
  [S.promptsDelete]: Rpc<ById, Done>;
  [S.referencesMissing]: Rpc<AiReferencesDto, MissingReferences<'promptIds' | 'integrationIds' | 'flowIds'>>;
  [S.flowsPage]: Rpc<FlowsQueryDto, FlowsPageView>;
  [S.flowsShow]: Rpc<ById, FlowView>;
  [S.flowsCreate]: Rpc<FlowCreateDto, FlowView>;
  [S.flowsUpdate]: Rpc<Update<FlowUpdateDto>, FlowView>;
  [S.flowsDelete]: Rpc<ById, Done>;
  [S.flowsPublish]: Rpc<ById, FlowPublishView>;
  [S.flowsStats]: Rpc<ById, FlowStatsView>;
  [S.flowsFromQueueMenu]: Rpc<FlowFromQueueMenuDto, FlowView>;
};

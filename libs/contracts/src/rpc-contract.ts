import type { NoData, ReplyOf, RequestOf, Rpc, SubjectOf } from './contract.js';
import type { HealthReport } from './rpc.js';
import type { BillingContract } from './billing/contract.js';
import type { CampaignsContract } from './campaigns/contract.js';
import type { ChatsContract } from './chats/contract.js';
import type { IdentityContract } from './identity/contract.js';
import type { SsoContract } from './identity/sso.js';
import type { SessionsContract } from './sessions/contract.js';
import type { KanbanContract, TicketsContract } from './tickets/contract.js';
import type { DashboardContract } from './tickets/dashboard.js';
import type { CampaignMessagesContract } from './tickets/campaign-messages.js';
import type { ExternalMessagesContract } from './tickets/external-messages.js';
import type { BotHandoffContract } from './tickets/bot-handoff.js';
import type { AiContract } from './ai/contract.js';

/** Every service answers `<service>.health` (libs/service-kit's HealthController). */
export type HealthContract = { [subject: `${string}.health`]: Rpc<NoData, HealthReport> };

/** Every service's subjects with their request and reply types. */
export type RpcContract = IdentityContract &
  SsoContract &
  TicketsContract &
  KanbanContract &
  DashboardContract &
  BotHandoffContract &
  ChatsContract &
  SessionsContract &
  CampaignsContract &
  CampaignMessagesContract &
  ExternalMessagesContract &
  BillingContract &
  AiContract &
  HealthContract;

export type RpcSubject = SubjectOf<RpcContract>;
export type RpcRequestOf<S extends RpcSubject> = RequestOf<RpcContract, S>;
export type RpcReplyOf<S extends RpcSubject> = ReplyOf<RpcContract, S>;

import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  BotHandoffSubjects,
  type BotAction,
  type BotActResult,
  type FlowGraph,
  type TicketMessageHandedToBot,
} from '@atrium/contracts';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { FlowRunStatus } from '../db/schema.js';
import type { AiDatabase } from '../shared/ai-database.js';
import { FlowEffects } from './flow-effects.js';
import { initialFlowState, planFlow, type FlowAction, type FlowInput, type FlowPlan, type FlowRunState } from '@atrium/contracts';
import { FlowRunsRepository } from './flow-runs.repository.js';
import type { FlowContact } from '@atrium/contracts';
import type { FlowTimerTurn } from '../runtime/bot-registry.js';
import { BotTurnsRepository } from '../runtime/bot-turns.repository.js';
import { FlowsRepository } from './flows.repository.js';

/** A ticket's run as a walk needs it: the version's graph and the run's state. */
interface LoadedRun {
  flowId: number;
  version: number;
  graph: FlowGraph;
  state: FlowRunState;
  contact: FlowContact;
}

const NOTE_PREFIX = 'Fluxo interrompido: ';

/**
 * The flow runtime (issue 27), inside the ai service's per-ticket bot runtime: a customer message
 * handed to a flow (`ticketMessage.handedToBot` with a `flow` bot) and a flow timer that fired
 * (stored as a turn by FlowTimerProcessor) are each a turn of the ticket, run by BotTurnsConsumer
 * one at a time per ticket, and each make one walk: the planner's actions are sent through `tickets.bot.act` with the walk's
 * step (tickets applies a step once), then the run's state is stored. A process killed between the
 * two walks again from the stored state with the same input: the same step, sent once. Timers are
 * keyed jobs added before the state is stored (a repeat adds nothing).
 */
@Injectable()
export class FlowRunner {
  constructor(
    @Inject(DATABASE) private readonly database: AiDatabase,
    @Inject(FlowRunsRepository) private readonly runs: FlowRunsRepository,
    @Inject(BotTurnsRepository) private readonly turns: BotTurnsRepository,
    @Inject(FlowsRepository) private readonly flows: FlowsRepository,
    @Inject(FlowEffects) private readonly effects: FlowEffects,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A customer message of a ticket a flow drives (its turn `turnId`; nothing when that turn is done already). */
  async turn(companyId: number, event: TicketMessageHandedToBot, turnId: number): Promise<void> {
    if (event.bot.kind !== 'flow') return;
    const flowId = event.bot.flowId;
    const contact: FlowContact = { name: event.contact.name, number: event.contact.number, protocol: String(event.ticketId) };
    const run = await this.load(companyId, event.ticketId, flowId, contact, turnId);
    if (run === 'done') return;
    if (!run) {
      await this.act(companyId, event.ticketId, flowId, event.sequence, undefined, [
        { type: 'note', body: `${NOTE_PREFIX}o fluxo ${flowId} não existe ou não foi publicado; o atendimento segue com a fila.` },
        { type: 'handToHuman' },
      ]);
      return;
    }
    await this.walk(companyId, event.ticketId, run, { kind: 'message', text: event.message.body }, event, turnId);
  }

  /** A delay ended or a question timed out: walks on unless the run moved since (a later step) or stopped. */
  async timer(companyId: number, payload: FlowTimerTurn, turnId: number): Promise<void> {
    const { ticketId } = payload;
    const row = await this.database.withTenant(companyId, async (tx) =>
      (await this.turns.pending(tx, companyId, turnId)) ? this.runs.find(tx, companyId, ticketId) : undefined,
    );
    if (!row || row.status !== 'active' || row.state.step !== payload.step) return;
    const version = await this.database.withTenant(companyId, (tx) => this.flows.findVersion(tx, companyId, row.flowId, row.version));
    const run: LoadedRun = {
      flowId: row.flowId,
      version: row.version,
      graph: version ?? { nodes: [], edges: [] },
      state: row.state,
      contact: row.contact,
    };
    await this.walk(companyId, ticketId, run, { kind: 'timer', timer: payload.timer, step: payload.step }, null, turnId);
  }

  /**
   * The ticket's active run of this flow, or a new run on the flow's latest version; null when the
   * flow has none; 'done' when the turn is done already (its walk was stored: read together, since
   * the walk and the turn's end commit together).
   */
  private async load(
    companyId: number,
    ticketId: number,
    flowId: number,
    contact: FlowContact,
    turnId: number,
  ): Promise<LoadedRun | null | 'done'> {
    return this.database.withTenant(companyId, async (tx) => {
      if (!(await this.turns.pending(tx, companyId, turnId))) return 'done';
      const row = await this.runs.find(tx, companyId, ticketId);
      if (row && row.flowId === flowId && row.status === 'active') {
        const version = await this.flows.findVersion(tx, companyId, flowId, row.version);
        return { flowId, version: row.version, graph: version ?? { nodes: [], edges: [] }, state: row.state, contact };
      }
      const flow = await this.flows.find(tx, companyId, flowId);
      const version = flow?.version ? await this.flows.findVersion(tx, companyId, flowId, flow.version) : undefined;
      if (!version) return null;
      // a ticket's steps only grow, whichever flow it runs
      const state = { ...initialFlowState(), step: row?.state.step ?? 0 };
      return { flowId, version: version.version, graph: version, state, contact };
    });
  }

  private async walk(
    companyId: number,
    ticketId: number,
    run: LoadedRun,
    input: FlowInput,
    event: TicketMessageHandedToBot | null,
    turnId: number,
  ): Promise<void> {
    let plan = planFlow(run.graph, run.state, input, run.contact);
    if (plan.idle) return;
    const actions: FlowAction[] = [...plan.actions];
    const entered = [...plan.entered];
    const left = [...plan.left];
    while (plan.next.kind === 'http') {
      const result = await this.effects.http(companyId, plan.next.request);
      plan = planFlow(run.graph, plan.state, { kind: 'http', ...result }, run.contact);
      actions.push(...plan.actions);
      entered.push(...plan.entered);
      left.push(...plan.left);
    }
    const step = plan.state.step;
    if (step === run.state.step) {
      // a message kept during a delay: only the state changes
      await this.store(companyId, ticketId, turnId, run, plan, 'active', [], []);
      return;
    }
    const sent: BotAction[] = actions.map(toBotAction);
    let status: FlowRunStatus = 'active';
    const next = plan.next;
    if (next.kind === 'end') {
      status = 'ended';
      if (!sent.some((a) => a.type === 'transfer' || a.type === 'close')) sent.push({ type: 'handToHuman' });
    } else if (next.kind === 'fail') {
      status = 'handed';
      sent.push({ type: 'note', body: NOTE_PREFIX + next.reason }, { type: 'handToHuman' });
      this.logger.warn(
        { companyId, ticketId, flowId: run.flowId, version: run.version, reason: next.reason },
        'flow failed; ticket handed to people',
      );
    } else if (next.kind === 'delegate' && next.text !== null && event) {
      try {
        sent.push(...(await this.effects.delegate(companyId, event, next.bot, next.text)));
      } catch (error) {
        status = 'handed';
        sent.push(
          { type: 'note', body: `${NOTE_PREFIX}o assistente do fluxo falhou (${(error as Error).message}).` },
          { type: 'handToHuman' },
        );
      }
    } else if (next.kind === 'wait' && next.timer) {
      await this.jobs.add(
        JobName.FlowTimer,
        { companyId, ticketId, step, timer: next.timer.timer },
        { id: `flow-${companyId}-${ticketId}-${step}`, delayMs: next.timer.seconds * 1000 },
      );
    }
    const result = await this.act(companyId, ticketId, run.flowId, event?.sequence ?? 0, step, sent);
    if (!result.applied) status = 'stopped';
    else if (result.failed) status = 'handed';
    await this.store(companyId, ticketId, turnId, run, plan, status, entered, left);
  }

  /** Sends the walk's actions; a refusal of tickets (a deleted queue, user or tag) hands the ticket to people with a note. */
  private async act(
    companyId: number,
    ticketId: number,
    flowId: number,
    inReplyTo: number,
    step: number | undefined,
    actions: BotAction[],
  ): Promise<BotActResult & { failed?: boolean }> {
    if (actions.length === 0) return { applied: true };
    const bot = { kind: 'flow' as const, flowId };
    try {
      return await this.rpc.request(BotHandoffSubjects.act, { companyId, ticketId, bot, inReplyTo, actions, ...(step ? { step } : {}) });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const field = error.fields?.[0]?.field ?? '';
      this.logger.warn(
        { companyId, ticketId, flowId, code: error.code, field },
        'tickets refused the flow actions; ticket handed to people',
      );
      const result = await this.rpc.request(BotHandoffSubjects.act, {
        companyId,
        ticketId,
        bot,
        inReplyTo,
        actions: [
          { type: 'note', body: `${NOTE_PREFIX}uma ação do fluxo foi recusada (${error.code}${field ? ` em ${field}` : ''}).` },
          { type: 'handToHuman' },
        ],
      });
      return { ...result, failed: true };
    }
  }

  /**
   * The run's new state and the nodes' counters, in one transaction with the turn's end: a turn run
   * again after this commits walks nothing (load), and of two runs of one turn at once (a lapsed
   * lease) only the first stores (the other's sends were replays of the same step).
   */
  private async store(
    companyId: number,
    ticketId: number,
    turnId: number,
    run: LoadedRun,
    plan: FlowPlan,
    status: FlowRunStatus,
    entered: string[],
    left: string[],
  ): Promise<void> {
    await this.database.withTenant(companyId, async (tx) => {
      if (!(await this.turns.finishRunning(tx, companyId, turnId))) return;
      await this.runs.save(tx, {
        companyId,
        ticketId,
        flowId: run.flowId,
        version: run.version,
        state: plan.state,
        contact: run.contact,
        status,
      });
      const count = (nodeId: string, field: 'entered' | 'left' | 'dropped') =>
        this.flows.count(tx, companyId, run.flowId, run.version, nodeId, field, 1, ticketId);
      for (const nodeId of entered) await count(nodeId, 'entered');
      for (const nodeId of left) await count(nodeId, 'left');
      if ((status === 'stopped' || status === 'handed') && plan.state.at) await count(plan.state.at, 'dropped');
    });
  }
}

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

function toBotAction(action: FlowAction): BotAction {
  if (action.type !== 'media') return action;
  const extension = new URL(action.url, 'http://x').pathname.split('.').pop()?.toLowerCase() ?? '';
  const mimetype = MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
  return { type: 'media', url: action.url, mimetype, ...(action.caption ? { caption: action.caption } : {}) };
}

import type { BotRef } from '../tickets/bot-handoff.js';
import type { FlowEdge, FlowGraph, FlowNode, FlowNodeOf } from './flow-types.js';
import { answerOf, conditionHolds, interpolate, type FlowContact } from './flow-values.js';

/**
 * The flow planner (issue 27): pure. Given a published version's graph, a ticket's run state and
 * what happened (a customer message, a timer, the answer of an HTTP node), it answers the actions
 * to send, the next state, the nodes entered and left, and what the runtime does next (wait, call
 * the HTTP node, hand the conversation to a bot, end, or give up to people). No I/O: the runtime
 * (flow-runner.ts in apps/ai) does the calls and stores the state. In libs/contracts so that the
 * web editor's test panel walks a draft with the same code.
 */
/** A ticket's place in a flow, as the planner walks it (stored with the ticket by the ai service, apps/ai/src/db/flows-tables.ts). */
export interface FlowRunState {
  /** The node the run waits at; null before the start node fired. */
  at: string | null;
  waiting: 'trigger' | 'input' | 'delay' | 'http' | 'delegated' | 'finished';
  /** Captured variables (questions, HTTP saveAs). */
  variables: Record<string, string>;
  /** Customer messages that arrived during a delay, answered to the next menu or question. */
  kept: string[];
  /** Grows by one per walk: keys the walk's sends (tickets applies a step once) and its timer. */
  step: number;
  /** After an ai or integration node: the bot that answers from now on. */
  delegate?: BotRef;
}

export type FlowInput =
  | { kind: 'message'; text: string }
  | { kind: 'timer'; timer: 'delay' | 'timeout'; step: number }
  | { kind: 'http'; ok: boolean; saved: Record<string, string> };

/** What the walk sends or does on the ticket (turned into tickets' bot actions by the runtime). */
export type FlowAction =
  | { type: 'text'; body: string }
  | { type: 'media'; url: string; caption: string }
  | { type: 'tag'; add: number[]; remove: number[] }
  | { type: 'transfer'; queueId?: number; userId?: number }
  | { type: 'close' }
  | { type: 'note'; body: string }
  | { type: 'handToHuman' };

export interface FlowHttpRequest {
  nodeId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  saveAs: Record<string, string>;
}

export type FlowNext =
  | { kind: 'wait'; timer?: { timer: 'delay' | 'timeout'; seconds: number } }
  | { kind: 'http'; request: FlowHttpRequest }
  | { kind: 'delegate'; bot: BotRef; text: string | null }
  | { kind: 'end' }
  | { kind: 'fail'; reason: string };

export interface FlowPlan {
  actions: FlowAction[];
  state: FlowRunState;
  entered: string[];
  left: string[];
  next: FlowNext;
  /** Nothing happened (a late timer, a message before the keyword): nothing to send or store. */
  idle: boolean;
}

/** The most nodes one walk passes (a loop without a wait between its nodes ends the flow with a note). */
export const WALK_MAX_NODES = 200;

export const DEFAULT_INVALID_OPTION = 'Opção inválida. Responda com o número ou o nome de uma das opções.';
export const DEFAULT_INVALID_ANSWER = 'Resposta inválida, tente novamente.';

export function initialFlowState(): FlowRunState {
  return { at: null, waiting: 'trigger', variables: {}, kept: [], step: 0 };
}

class Walk {
  readonly actions: FlowAction[] = [];
  readonly entered: string[] = [];
  readonly left: string[] = [];
  state: FlowRunState;
  private readonly nodes: Map<string, FlowNode>;

  constructor(
    readonly graph: FlowGraph,
    state: FlowRunState,
    private readonly contact: FlowContact,
  ) {
    this.state = { ...state, variables: { ...state.variables }, kept: [...state.kept], step: state.step + 1 };
    this.nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  }

  plan(next: FlowNext): FlowPlan {
    return { actions: this.actions, state: this.state, entered: this.entered, left: this.left, next, idle: false };
  }

  node(id: string | null): FlowNode | undefined {
    return id === null ? undefined : this.nodes.get(id);
  }

  text(template: string): string {
    return interpolate(template, this.state.variables, this.contact);
  }

  /** Leaves `node` by `handle` and walks on from the node the edge leads to. */
  leave(node: FlowNode, handle: string | null, input: string | null): FlowPlan {
    const edge: FlowEdge | undefined = this.graph.edges.find((e) => e.source === node.id && (e.sourceHandle ?? null) === handle);
    if (!edge) return this.fail(`o nó "${node.id}" (${node.type}) não tem saída${handle ? ` "${handle}"` : ''}`);
    this.left.push(node.id);
    return this.enter(edge.target, input);
  }

  fail(reason: string): FlowPlan {
    this.state.waiting = 'finished';
    return this.plan({ kind: 'fail', reason });
  }

  /** Runs nodes from `id` until one waits; `input` is the message that led here (for a bot the conversation goes to). */
  enter(id: string, input: string | null): FlowPlan {
    const node = this.nodes.get(id);
    if (!node) return this.fail(`o nó "${id}" não existe nesta versão`);
    if (this.entered.length >= WALK_MAX_NODES) return this.fail('o fluxo passou por nós demais sem esperar o cliente (um laço?)');
    this.entered.push(node.id);
    this.state.at = node.id;
    switch (node.type) {
      case 'start':
        return this.leave(node, null, input);
      case 'message':
        if (node.data.mediaUrl)
          this.actions.push({ type: 'media', url: this.text(node.data.mediaUrl), caption: this.text(node.data.text) });
        else this.actions.push({ type: 'text', body: this.text(node.data.text) });
        return this.leave(node, null, input);
      case 'menu':
        this.actions.push({ type: 'text', body: menuText(node, (t) => this.text(t)) });
        return this.awaitInput(node);
      case 'question':
        this.actions.push({ type: 'text', body: this.text(node.data.text) });
        return this.awaitInput(node);
      case 'condition': {
        const holds = conditionHolds(node.data, this.state.variables, this.contact);
        return this.leave(node, holds ? 'true' : 'false', input);
      }
      case 'http': {
        this.state.waiting = 'http';
        const data = node.data;
        const headers = Object.fromEntries(Object.entries(data.headers ?? {}).map(([k, v]) => [k, this.text(v)]));
        return this.plan({
          kind: 'http',
          request: {
            nodeId: node.id,
            method: data.method,
            url: interpolate(data.url, this.state.variables, this.contact, encodeURIComponent),
            headers,
            body: data.body === undefined ? undefined : this.text(data.body),
            saveAs: data.saveAs ?? {},
          },
        });
      }
      case 'delay':
        this.state.waiting = 'delay';
        return this.plan({ kind: 'wait', timer: { timer: 'delay', seconds: node.data.seconds } });
      case 'tag':
        this.actions.push({ type: 'tag', add: node.data.add ?? [], remove: node.data.remove ?? [] });
        return this.leave(node, null, input);
      case 'transfer':
        this.actions.push({ type: 'transfer', queueId: node.data.queueId, userId: node.data.userId });
        this.state.waiting = 'finished';
        return this.plan({ kind: 'end' });
      case 'ai':
      case 'integration': {
        const bot: BotRef =
          node.type === 'ai'
            ? { kind: 'prompt', promptId: node.data.promptId }
            : { kind: 'integration', integrationId: node.data.integrationId };
        this.state.waiting = 'delegated';
        this.state.delegate = bot;
        return this.plan({ kind: 'delegate', bot, text: input });
      }
      case 'end':
        if (node.data.text) this.actions.push({ type: 'text', body: this.text(node.data.text) });
        if (node.data.closeTicket) this.actions.push({ type: 'close' });
        this.state.waiting = 'finished';
        return this.plan({ kind: 'end' });
    }
  }

  /** Waits at a menu or question, or answers it at once with a message kept during a delay. */
  private awaitInput(node: FlowNodeOf<'menu'> | FlowNodeOf<'question'>): FlowPlan {
    this.state.waiting = 'input';
    const kept = this.state.kept.shift();
    if (kept !== undefined) return this.answer(node, kept);
    const timeout = node.type === 'question' ? node.data.timeoutSeconds : undefined;
    return this.plan({ kind: 'wait', timer: timeout ? { timer: 'timeout', seconds: timeout } : undefined });
  }

  /** The customer's answer to the menu or question the run waits at. */
  answer(node: FlowNodeOf<'menu'> | FlowNodeOf<'question'>, text: string): FlowPlan {
    if (node.type === 'menu') {
      const option = pickOption(node, text);
      if (option) return this.leave(node, option.id, text);
      this.actions.push({ type: 'text', body: this.text(node.data.invalidText || DEFAULT_INVALID_OPTION) });
      this.actions.push({ type: 'text', body: menuText(node, (t) => this.text(t)) });
      return this.awaitInput(node);
    }
    const value = answerOf(node.data.validation, text);
    if (value === null) {
      this.actions.push({ type: 'text', body: this.text(node.data.invalidText || DEFAULT_INVALID_ANSWER) });
      return this.awaitInput(node);
    }
    this.state.variables[node.data.variable] = value;
    return this.leave(node, 'answered', text);
  }
}

const idle = (state: FlowRunState, kept?: string): FlowPlan => ({
  actions: [],
  state: kept === undefined ? state : { ...state, kept: [...state.kept, kept] },
  entered: [],
  left: [],
  next: { kind: 'wait' },
  idle: kept === undefined,
});

/** One walk of the flow: see FlowRunState and FlowInput. */
export function planFlow(graph: FlowGraph, state: FlowRunState, input: FlowInput, contact: FlowContact): FlowPlan {
  if (state.waiting === 'finished') return idle(state);
  if (input.kind === 'timer' && input.step !== state.step) return idle(state);
  if (state.waiting === 'delegated') {
    if (input.kind !== 'message' || !state.delegate) return idle(state);
    // each answer of the bot the conversation went to is a step of its own (tickets applies a step once)
    const next = { ...state, step: state.step + 1 };
    return { ...idle(next), idle: false, next: { kind: 'delegate', bot: state.delegate, text: input.text } };
  }
  // a message during a delay (or while an HTTP call is outstanding) is kept for the next menu or question, the step unchanged
  if ((state.waiting === 'delay' || state.waiting === 'http') && input.kind === 'message') return idle(state, input.text);
  const walk = new Walk(graph, state, contact);
  const here = walk.node(state.at);
  switch (state.waiting) {
    case 'trigger': {
      if (input.kind !== 'message') return idle(state);
      const start = graph.nodes.find((node): node is FlowNodeOf<'start'> => node.type === 'start');
      if (!start) return walk.fail('a versão não tem nó de início');
      if (start.data.trigger === 'keyword' && !matchesKeyword(start.data.keywords ?? [], input.text)) return idle(state);
      return walk.enter(start.id, input.text);
    }
    case 'input':
      if (!here || (here.type !== 'menu' && here.type !== 'question')) return walk.fail(`o nó "${state.at}" não existe nesta versão`);
      if (input.kind === 'message') return walk.answer(here, input.text);
      if (input.kind === 'timer' && input.timer === 'timeout' && here.type === 'question') return walk.leave(here, 'timeout', null);
      return idle(state);
    case 'delay':
      if (!here) return walk.fail(`o nó "${state.at}" não existe nesta versão`);
      if (input.kind === 'timer' && input.timer === 'delay') return walk.leave(here, null, null);
      return idle(state);
    case 'http':
      if (!here || here.type !== 'http') return walk.fail(`o nó "${state.at}" não existe nesta versão`);
      if (input.kind !== 'http') return idle(state);
      Object.assign(walk.state.variables, input.saved);
      if (input.ok) return walk.leave(here, 'ok', null);
      if (!walk.graph.edges.some((e) => e.source === here.id && e.sourceHandle === 'error'))
        return walk.fail(`a requisição HTTP do nó "${here.id}" falhou e o nó não tem saída de erro`);
      return walk.leave(here, 'error', null);
  }
}

/** The menu's text and its numbered options, one per line. */
export function menuText(node: FlowNodeOf<'menu'>, text: (t: string) => string): string {
  const lines = node.data.options.map((option, i) => `${i + 1} - ${text(option.label)}`);
  return [text(node.data.text), ...lines].join('\n');
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The option the customer picked: its number (1, 2, …) or its label's text (case and accents aside). */
export function pickOption(node: FlowNodeOf<'menu'>, text: string): { id: string; label: string } | undefined {
  const typed = fold(text);
  if (/^\d+$/.test(typed)) return node.data.options[Number(typed) - 1];
  return node.data.options.find((option) => fold(option.label) === typed);
}

/** A keyword trigger fires when the message is, or contains as a word, one of the keywords. */
export function matchesKeyword(keywords: string[], text: string): boolean {
  const words = ` ${fold(text).replace(/[^\p{L}\p{N} ]/gu, ' ')} `;
  return keywords.some((keyword) => {
    const k = fold(keyword);
    return k !== '' && (fold(text) === k || words.includes(` ${k} `));
  });
}

import { Inject, Injectable } from '@nestjs/common';
import {
  SessionsSubjects,
  TicketsSubjects,
  type Actor,
  type FlowEdge,
  type FlowFromQueueMenuDto,
  type FlowGraph,
  type FlowNode,
  type FlowView,
  type QueueOptionView,
  type QueueView,
} from '@atrium/contracts';
import { requireAdmin } from '@atrium/kernel';
import { RpcClient } from '@atrium/messaging';
import { FlowsService } from './flows.service.js';

const COLUMN = 320;
const ROW = 160;

/**
 * `POST /flows/from-queue-menu {whatsappId}`: a new draft reproducing the connection's greeting and
 * queue menu: the greeting as a menu of its queues (a single queue: the greeting, then that queue),
 * each queue's greeting as a menu of its option tree (options by their number), each option's
 * message, and a transfer to the queue where the tree ends.
 */
@Injectable()
export class FlowsFromQueueMenu {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(FlowsService) private readonly flows: FlowsService,
  ) {}

  async convert(actor: Actor, dto: FlowFromQueueMenuDto): Promise<FlowView> {
    requireAdmin(actor);
    const connection = await this.rpc.request(SessionsSubjects.whatsappShow, { id: dto.whatsappId }, { actor });
    const allQueues = await this.rpc.request(TicketsSubjects.queuesList, {}, { actor });
    const queues = connection.queueIds
      .map((id) => allQueues.find((queue) => queue.id === id))
      .filter((queue): queue is QueueView => !!queue)
      .sort((a, b) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
    const options = new Map<number, QueueOptionView[]>();
    for (const queue of queues) options.set(queue.id, await this.optionTree(actor, queue.id));
    const graph = queueMenuGraph(connection.greetingMessage, queues, options);
    return this.flows.create(actor, { name: dto.name ?? `Menu de ${connection.name}`.slice(0, 100) }, graph);
  }

  private async optionTree(actor: Actor, queueId: number): Promise<QueueOptionView[]> {
    const all: QueueOptionView[] = [];
    const pending: Array<number | null> = [null];
    while (pending.length > 0) {
      const parentId = pending.shift()!;
      const children = await this.rpc.request(TicketsSubjects.queueOptionsList, { queueId, parentId }, { actor });
      all.push(...children);
      pending.push(...children.map((child) => child.id));
    }
    return all;
  }
}

/** The graph of a connection's greeting and queue menus (pure: the unit tests build it from plain values). */
export function queueMenuGraph(greeting: string, queues: QueueView[], options: Map<number, QueueOptionView[]>): FlowGraph {
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];
  let row = 0;
  const add = (node: Omit<FlowNode, 'position'>, column: number): string => {
    nodes.push({ ...node, position: { x: column * COLUMN, y: row++ * ROW } } as FlowNode);
    return node.id;
  };
  const link = (source: string, target: string, sourceHandle?: string) =>
    edges.push({ id: `e-${source}-${sourceHandle ?? 'out'}`, source, sourceHandle: sourceHandle ?? null, target });

  /** A queue's part: its greeting as a menu of its root options, or a transfer when it has none. */
  const queueEntry = (queue: QueueView, column: number): string => {
    const tree = options.get(queue.id) ?? [];
    const transfer = () => add({ id: `transfer-${queue.id}-${row}`, type: 'transfer', data: { queueId: queue.id } }, column + 1);
    const optionsOf = (parentId: number | null) => tree.filter((o) => o.parentId === parentId).sort((a, b) => a.option - b.option);
    const menuOf = (id: string, text: string, children: QueueOptionView[], depth: number): string => {
      add({ id, type: 'menu', data: { text, options: children.map((o) => ({ id: `o${o.id}`, label: o.title })) } }, depth);
      for (const child of children) {
        const grandchildren = optionsOf(child.id);
        const target =
          grandchildren.length > 0
            ? menuOf(`option-${child.id}`, child.message || child.title, grandchildren, depth + 1)
            : leaf(child, depth + 1);
        link(id, target, `o${child.id}`);
      }
      return id;
    };
    const leaf = (option: QueueOptionView, depth: number): string => {
      if (!option.message) return transfer();
      const id = add({ id: `option-${option.id}`, type: 'message', data: { text: option.message } }, depth);
      link(id, transfer());
      return id;
    };
    const roots = optionsOf(null);
    if (roots.length > 0) return menuOf(`queue-${queue.id}`, queue.greetingMessage || queue.name, roots, column);
    if (!queue.greetingMessage) return transfer();
    const id = add({ id: `queue-${queue.id}`, type: 'message', data: { text: queue.greetingMessage } }, column);
    link(id, transfer());
    return id;
  };

  const start = add({ id: 'start', type: 'start', data: { trigger: 'new-conversation' } }, 0);
  if (queues.length === 0) {
    const end = add({ id: 'greeting', type: 'end', data: { text: greeting || undefined } }, 1);
    link(start, end);
  } else if (queues.length === 1) {
    const entry = queueEntry(queues[0]!, 2);
    if (greeting) {
      const id = add({ id: 'greeting', type: 'message', data: { text: greeting } }, 1);
      link(start, id);
      link(id, entry);
    } else link(start, entry);
  } else {
    const menu = add(
      {
        id: 'greeting',
        type: 'menu',
        data: { text: greeting || 'Escolha um setor:', options: queues.map((q) => ({ id: `q${q.id}`, label: q.name })) },
      },
      1,
    );
    link(start, menu);
    for (const queue of queues) link(menu, queueEntry(queue, 2), `q${queue.id}`);
  }
  return { nodes, edges };
}

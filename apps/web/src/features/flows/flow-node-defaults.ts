import type { FlowNode, FlowNodeDataByType, FlowNodeType } from '@atrium/contracts';

/** A new id for a node, an edge or a menu option: short, unique within the flow. */
export function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

/** What a node of each type starts with when dropped from the palette (the fields the checks need, empty). */
export function defaultData<T extends FlowNodeType>(type: T): FlowNodeDataByType[T] {
  const defaults: { [K in FlowNodeType]: FlowNodeDataByType[K] } = {
    start: { trigger: 'new-conversation' },
    message: { text: '' },
    menu: {
      text: '',
      options: [
        { id: newId('opt'), label: '' },
        { id: newId('opt'), label: '' },
      ],
    },
    question: { text: '', variable: '', validation: 'text' },
    condition: { match: 'all', rules: [{ variable: '', operator: 'equals', value: '' }] },
    http: { method: 'GET', url: '' },
    delay: { seconds: 5 },
    tag: {},
    transfer: {},
    // No prompt or integration chosen yet: the checks mark the field until one is.
    ai: {} as FlowNodeDataByType['ai'],
    integration: {} as FlowNodeDataByType['integration'],
    end: {},
  };
  return defaults[type];
}

export function newNode(type: FlowNodeType, position: { x: number; y: number }): FlowNode {
  return { id: newId(type), type, position, data: defaultData(type) } as FlowNode;
}

/** The editor's first graph for an empty draft: a start node. */
export function firstGraph(): { nodes: FlowNode[]; edges: [] } {
  return { nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { trigger: 'new-conversation' } }], edges: [] };
}

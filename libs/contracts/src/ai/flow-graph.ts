import {
  FLOW_CONDITION_OPERATORS,
  FLOW_HANDLES,
  FLOW_HTTP_METHODS,
  FLOW_LIMITS,
  FLOW_NODE_TYPES,
  FLOW_QUESTION_VALIDATIONS,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type FlowNodeType,
} from './flow-types.js';

/**
 * The checks of a flow's graph, shared by the ai service (which refuses a bad draft or publish) and
 * the editor (which shows the same problems on the canvas). Each problem names its node or edge and
 * the field, e.g. `{ nodeId: 'q1', field: 'nodes.3.data.variable', message: 'is required' }`.
 */
export interface FlowProblem {
  field: string;
  message: string;
  nodeId?: string;
  edgeId?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max: number = FLOW_LIMITS.text): v is string => typeof v === 'string' && v.length <= max;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;

/** The outputs a node has: `null` is the single unnamed output; terminal nodes have none. */
export function flowHandlesOf(node: FlowNode): Array<string | null> {
  switch (node.type) {
    case 'start':
    case 'message':
    case 'delay':
    case 'tag':
      return [null];
    case 'menu':
      return (node.data.options ?? []).map((option) => option.id);
    case 'question':
    case 'condition':
    case 'http':
      return [...FLOW_HANDLES[node.type]];
    default:
      return [];
  }
}

/** The outputs that must be connected before publishing (a question's timeout only with a timeout; an http error goes to people when unconnected). */
function requiredHandles(node: FlowNode): Array<string | null> {
  if (node.type === 'question') return node.data.timeoutSeconds ? ['answered', 'timeout'] : ['answered'];
  if (node.type === 'http') return ['ok'];
  return flowHandlesOf(node);
}

/**
 * Checks the shape of a draft (types of every field, unique ids, edges between existing nodes on
 * existing handles, one edge per output). Answers the graph as typed values, or the problems.
 */
export function parseFlowGraph(nodes: unknown[], edges: unknown[]): { graph: FlowGraph; problems: FlowProblem[] } {
  const problems: FlowProblem[] = [];
  const parsedNodes: FlowNode[] = [];
  const ids = new Set<string>();
  nodes.forEach((raw, index) => {
    const field = `nodes.${index}`;
    if (!isObj(raw)) return problems.push({ field, message: 'must be an object' });
    const id = raw.id;
    if (!isText(id, 100) || id === '') return problems.push({ field: `${field}.id`, message: 'must be a text of 1 to 100 characters' });
    if (ids.has(id)) return problems.push({ field: `${field}.id`, nodeId: id, message: 'is used by another node' });
    ids.add(id);
    if (!FLOW_NODE_TYPES.includes(raw.type as FlowNodeType))
      return problems.push({ field: `${field}.type`, nodeId: id, message: `must be one of ${FLOW_NODE_TYPES.join(', ')}` });
    const position = isObj(raw.position) ? raw.position : {};
    const x = Number(position.x);
    const y = Number(position.y);
    if (!Number.isFinite(x) || !Number.isFinite(y))
      return problems.push({ field: `${field}.position`, nodeId: id, message: 'must be { x, y } numbers' });
    const data = isObj(raw.data) ? raw.data : {};
    const before = problems.length;
    checkData(raw.type as FlowNodeType, data, `${field}.data`, id, problems);
    if (problems.length === before) parsedNodes.push({ id, type: raw.type, position: { x, y }, data } as FlowNode);
  });
  const byId = new Map(parsedNodes.map((node) => [node.id, node]));
  const parsedEdges: FlowEdge[] = [];
  const edgeIds = new Set<string>();
  const usedOutputs = new Set<string>();
  edges.forEach((raw, index) => {
    const field = `edges.${index}`;
    if (!isObj(raw)) return problems.push({ field, message: 'must be an object' });
    const { id, source, target } = raw;
    const handle = raw.sourceHandle ?? null;
    if (!isText(id, 100) || id === '') return problems.push({ field: `${field}.id`, message: 'must be a text of 1 to 100 characters' });
    if (edgeIds.has(id)) return problems.push({ field: `${field}.id`, edgeId: id, message: 'is used by another edge' });
    edgeIds.add(id);
    if (handle !== null && !isText(handle, 100))
      return problems.push({ field: `${field}.sourceHandle`, edgeId: id, message: 'must be a text' });
    const from = typeof source === 'string' ? byId.get(source) : undefined;
    const to = typeof target === 'string' ? byId.get(target) : undefined;
    if (!from && !(typeof source === 'string' && ids.has(source)))
      return problems.push({ field: `${field}.source`, edgeId: id, message: 'is not a node of the flow' });
    if (!to && !(typeof target === 'string' && ids.has(target)))
      return problems.push({ field: `${field}.target`, edgeId: id, message: 'is not a node of the flow' });
    if (!from || !to) return; // the node itself was refused above
    if (to.type === 'start') return problems.push({ field: `${field}.target`, edgeId: id, message: 'the start node has no input' });
    if (!flowHandlesOf(from).includes(handle))
      return problems.push({
        field: `${field}.sourceHandle`,
        edgeId: id,
        nodeId: from.id,
        message: flowHandlesOf(from).length === 0 ? `a ${from.type} node has no output` : `is not an output of the ${from.type} node`,
      });
    const output = `${from.id}\u0000${handle ?? ''}`;
    if (usedOutputs.has(output))
      return problems.push({ field: `${field}.sourceHandle`, edgeId: id, nodeId: from.id, message: 'this output already has an edge' });
    usedOutputs.add(output);
    parsedEdges.push({ id, source: from.id, sourceHandle: handle, target: to.id });
  });
  return { graph: { nodes: parsedNodes, edges: parsedEdges }, problems };
}

/**
 * What keeps a well-shaped graph from being published: one start node, the fields each node
 * needs, every required output connected, every node reachable from the start.
 */
export function flowProblems(graph: FlowGraph): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const starts = graph.nodes.filter((node) => node.type === 'start');
  if (starts.length !== 1) problems.push({ field: 'nodes', message: 'a flow needs exactly one start node' });
  graph.nodes.forEach((node, index) => {
    const field = `nodes.${index}.data`;
    const need = (name: string, ok: boolean, message = 'is required') => {
      if (!ok) problems.push({ field: `${field}.${name}`, nodeId: node.id, message });
    };
    switch (node.type) {
      case 'start':
        if (node.data.trigger === 'keyword')
          need(
            'keywords',
            (node.data.keywords ?? []).some((k) => k.trim() !== ''),
            'a keyword trigger needs keywords',
          );
        break;
      case 'message':
        need('text', node.data.text.trim() !== '' || !!node.data.mediaUrl);
        break;
      case 'menu':
        need('text', node.data.text.trim() !== '');
        need('options', node.data.options.length > 0, 'a menu needs options');
        node.data.options.forEach((option, i) => need(`options.${i}.label`, option.label.trim() !== ''));
        break;
      case 'question':
        need('text', node.data.text.trim() !== '');
        need('variable', VARIABLE.test(node.data.variable), 'must be a name of letters, digits and _');
        break;
      case 'condition':
        need('rules', node.data.rules.length > 0, 'a condition needs rules');
        node.data.rules.forEach((rule, i) => {
          need(`rules.${i}.variable`, rule.variable.trim() !== '');
          if (rule.operator !== 'exists') need(`rules.${i}.value`, rule.value !== undefined && rule.value !== '');
        });
        break;
      case 'http':
        need('url', /^https?:\/\/\S+$/.test(node.data.url), 'must be an http(s) URL (variables allowed)');
        break;
      case 'delay':
        need('seconds', node.data.seconds >= 1, 'must be at least 1 second');
        break;
      case 'tag':
        need('add', (node.data.add ?? []).length + (node.data.remove ?? []).length > 0, 'add or remove at least one tag');
        break;
      case 'transfer':
        need('queueId', !!node.data.queueId || !!node.data.userId, 'choose a queue or a user');
        break;
      default:
        break;
    }
    const connected = new Set(graph.edges.filter((edge) => edge.source === node.id).map((edge) => edge.sourceHandle ?? null));
    for (const handle of requiredHandles(node))
      if (!connected.has(handle))
        problems.push({
          field: `nodes.${index}`,
          nodeId: node.id,
          message: handle === null ? 'its output is not connected' : `its output "${handle}" is not connected`,
        });
  });
  if (starts.length === 1) {
    const reached = new Set([starts[0]!.id]);
    const queue = [starts[0]!.id];
    while (queue.length > 0) {
      const id = queue.shift()!;
      for (const edge of graph.edges)
        if (edge.source === id && !reached.has(edge.target)) {
          reached.add(edge.target);
          queue.push(edge.target);
        }
    }
    graph.nodes.forEach((node, index) => {
      if (!reached.has(node.id)) problems.push({ field: `nodes.${index}`, nodeId: node.id, message: 'cannot be reached from the start' });
    });
  }
  return problems;
}

function checkData(type: FlowNodeType, data: Obj, field: string, nodeId: string, problems: FlowProblem[]): void {
  const bad = (name: string, message: string) => problems.push({ field: `${field}.${name}`, nodeId, message });
  const text = (name: string, required: boolean, max: number = FLOW_LIMITS.text) => {
    const value = data[name];
    if (value === undefined && !required) return;
    if (!isText(value, max)) bad(name, `must be a text of at most ${max} characters`);
  };
  const ids = (name: string) => {
    const value = data[name];
    if (value !== undefined && !(Array.isArray(value) && value.length <= 100 && value.every(isId))) bad(name, 'must be a list of ids');
  };
  const id = (name: string, required: boolean) => {
    const value = data[name];
    if (value === undefined && !required) return;
    if (!isId(value)) bad(name, 'must be an id');
  };
  switch (type) {
    case 'start':
      if (data.trigger !== 'new-conversation' && data.trigger !== 'keyword') bad('trigger', 'must be new-conversation or keyword');
      if (
        data.keywords !== undefined &&
        !(Array.isArray(data.keywords) && data.keywords.length <= 50 && data.keywords.every((k) => isText(k, 100)))
      )
        bad('keywords', 'must be a list of texts');
      return;
    case 'message':
      text('text', true);
      text('mediaUrl', false, 2000);
      return;
    case 'menu': {
      text('text', true);
      text('invalidText', false);
      const options = data.options;
      if (!Array.isArray(options) || options.length > 50) return void bad('options', 'must be a list of at most 50 { id, label }');
      const seen = new Set<string>();
      options.forEach((option, i) => {
        if (!isObj(option) || !isText(option.id, 100) || option.id === '' || !isText(option.label, 200))
          return void bad(`options.${i}`, 'must be { id, label }');
        if (seen.has(option.id)) bad(`options.${i}.id`, 'is used by another option');
        seen.add(option.id);
      });
      return;
    }
    case 'question':
      text('text', true);
      text('variable', true, 50);
      text('invalidText', false);
      if (!FLOW_QUESTION_VALIDATIONS.includes(data.validation as never))
        bad('validation', `must be one of ${FLOW_QUESTION_VALIDATIONS.join(', ')}`);
      if (data.timeoutSeconds !== undefined && data.timeoutSeconds !== null && !inRange(data.timeoutSeconds, 1, FLOW_LIMITS.timeoutSeconds))
        bad('timeoutSeconds', `must be a whole number of seconds from 1 to ${FLOW_LIMITS.timeoutSeconds}`);
      return;
    case 'condition': {
      if (data.match !== 'all' && data.match !== 'any') bad('match', 'must be all or any');
      const rules = data.rules;
      if (!Array.isArray(rules) || rules.length > 50) return void bad('rules', 'must be a list of at most 50 rules');
      rules.forEach((rule, i) => {
        if (!isObj(rule) || !isText(rule.variable, 50) || !FLOW_CONDITION_OPERATORS.includes(rule.operator as never))
          return void bad(`rules.${i}`, `must be { variable, operator: ${FLOW_CONDITION_OPERATORS.join(' | ')}, value? }`);
        if (rule.value !== undefined && !isText(rule.value, 1000)) bad(`rules.${i}.value`, 'must be a text');
      });
      return;
    }
    case 'http':
      if (!FLOW_HTTP_METHODS.includes(data.method as never)) bad('method', `must be one of ${FLOW_HTTP_METHODS.join(', ')}`);
      text('url', true, 2000);
      text('body', false, 20_000);
      if (data.headers !== undefined && !(isObj(data.headers) && Object.values(data.headers).every((v) => isText(v, 2000))))
        bad('headers', 'must be an object of texts');
      if (
        data.saveAs !== undefined &&
        !(isObj(data.saveAs) && Object.entries(data.saveAs).every(([k, v]) => VARIABLE.test(k) && isText(v, 200)))
      )
        bad('saveAs', 'must map variable names to JSON paths');
      return;
    case 'delay':
      if (!inRange(data.seconds, 1, FLOW_LIMITS.delaySeconds))
        bad('seconds', `must be a whole number of seconds from 1 to ${FLOW_LIMITS.delaySeconds}`);
      return;
    case 'tag':
      ids('add');
      ids('remove');
      return;
    case 'transfer':
      id('queueId', false);
      id('userId', false);
      return;
    case 'ai':
      id('promptId', true);
      return;
    case 'integration':
      id('integrationId', true);
      return;
    case 'end':
      text('text', false);
      if (data.closeTicket !== undefined && typeof data.closeTicket !== 'boolean') bad('closeTicket', 'must be true or false');
      return;
  }
}

const inRange = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

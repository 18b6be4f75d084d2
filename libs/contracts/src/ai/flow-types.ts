/**
 * The flow graph's types and constants (issue 27), apart from the request DTOs (flows.ts) so that
 * the web editor imports them without class-validator.
 */

// ---- flows (apps/ai/src/flows; issue 27: chatbot flows drawn as nodes and edges, versioned) ----

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'menu',
  'question',
  'condition',
  'http',
  'delay',
  'tag',
  'transfer',
  'ai',
  'integration',
  'end',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

export const FLOW_QUESTION_VALIDATIONS = ['text', 'number', 'email', 'cpf', 'date'] as const;
export type FlowQuestionValidation = (typeof FLOW_QUESTION_VALIDATIONS)[number];

export const FLOW_CONDITION_OPERATORS = ['equals', 'contains', 'gt', 'lt', 'exists'] as const;
export type FlowConditionOperator = (typeof FLOW_CONDITION_OPERATORS)[number];

export const FLOW_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type FlowHttpMethod = (typeof FLOW_HTTP_METHODS)[number];

/** What each node type's `data` holds (react-flow keeps it as the node's free-form `data`). */
export interface FlowNodeDataByType {
  start: { trigger: 'new-conversation' | 'keyword'; keywords?: string[] };
  message: { text: string; mediaUrl?: string };
  menu: { text: string; options: Array<{ id: string; label: string }>; invalidText?: string };
  question: {
    text: string;
    variable: string;
    validation: FlowQuestionValidation;
    invalidText?: string;
    timeoutSeconds?: number;
  };
  condition: {
    match: 'all' | 'any';
    rules: Array<{ variable: string; operator: FlowConditionOperator; value?: string }>;
  };
  http: {
    method: FlowHttpMethod;
    url: string;
    headers?: Record<string, string>;
    body?: string;
    /** variable name → JSON path in the answer (`$.a.b[0]` or `a.b.0`). */
    saveAs?: Record<string, string>;
  };
  delay: { seconds: number };
  tag: { add?: number[]; remove?: number[] };
  transfer: { queueId?: number; userId?: number };
  ai: { promptId: number };
  integration: { integrationId: number };
  end: { text?: string; closeTicket?: boolean };
}

/** A node in react-flow's shape. */
export type FlowNode = {
  [T in FlowNodeType]: { id: string; type: T; position: { x: number; y: number }; data: FlowNodeDataByType[T] };
}[FlowNodeType];

export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;

/** An edge in react-flow's shape; `sourceHandle` names the output of a branching node. */
export interface FlowEdge {
  id: string;
  source: string;
  sourceHandle?: string | null;
  target: string;
}

/** A flow's graph: the draft, or a published version. */
export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** The named outputs of the branching nodes (menus name theirs after their options' ids). */
export const FLOW_HANDLES = {
  question: ['answered', 'timeout'],
  condition: ['true', 'false'],
  http: ['ok', 'error'],
} as const;

/** The variables every text may use besides those the flow captures. */
export const FLOW_BUILTIN_VARIABLES = ['firstName', 'name', 'number', 'protocol'] as const;

/** Limits of one flow. */
export const FLOW_LIMITS = {
  nodes: 500,
  edges: 1000,
  text: 4096,
  name: 100,
  delaySeconds: 7 * 86_400,
  timeoutSeconds: 7 * 86_400,
} as const;

export interface FlowSummaryView {
  id: number;
  name: string;
  /** The latest published version, null before the first publish. */
  version: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface FlowView extends FlowSummaryView, FlowGraph {
  /** When the latest version was published. */
  publishedAt: string | null;
}

export interface FlowsPageView {
  flows: FlowSummaryView[];
  hasMore: boolean;
}

/** `POST /flows/{id}/publish`. */
export interface FlowPublishView {
  version: number;
}

/** `GET /flows/{id}/stats`: per node of every version, conversations that entered it, left it (to the next node), or dropped there. */
export interface FlowNodeStatsView {
  nodeId: string;
  entered: number;
  left: number;
  dropped: number;
}

export interface FlowStatsView {
  flowId: number;
  nodes: FlowNodeStatsView[];
}

/** `company-{id}-flow` live list event. */
export type FlowEventPayload = { action: 'create' | 'update'; flow: FlowSummaryView } | { action: 'delete'; flowId: number };

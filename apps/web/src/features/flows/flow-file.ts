import type { FlowGraph, FlowProblem } from '@atrium/contracts';
import { parseFlowGraph } from '@atrium/contracts/ai/flow-graph.js';

/** The JSON file the editor exports and imports: a flow's name and graph. */
export interface FlowFile extends FlowGraph {
  name: string;
}

export function flowFileText(file: FlowFile): string {
  return JSON.stringify({ name: file.name, nodes: file.nodes, edges: file.edges }, null, 2);
}

export type FlowFileRead = { ok: true; file: FlowFile } | { ok: false; reason: 'json' | 'shape'; problems: FlowProblem[] };

/**
 * Reads an exported file: JSON with `nodes` and `edges` arrays that pass the same shape checks as
 * the API's (parseFlowGraph); anything else is refused whole, so an import never leaves half a graph.
 */
export function readFlowFile(text: string): FlowFileRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json', problems: [] };
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    !Array.isArray((value as FlowGraph).nodes) ||
    !Array.isArray((value as FlowGraph).edges)
  )
    return { ok: false, reason: 'shape', problems: [] };
  const raw = value as { name?: unknown; nodes: unknown[]; edges: unknown[] };
  const { graph, problems } = parseFlowGraph(raw.nodes, raw.edges);
  if (problems.length > 0) return { ok: false, reason: 'shape', problems };
  return { ok: true, file: { name: typeof raw.name === 'string' ? raw.name : '', ...graph } };
}

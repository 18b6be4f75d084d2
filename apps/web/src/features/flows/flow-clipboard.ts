import type { FlowEdge, FlowGraph, FlowNode } from '@atrium/contracts';
import { newId } from './flow-node-defaults';

/** Where pasted nodes land relative to their originals. */
export const PASTE_OFFSET = 40;

/** The selected nodes (a flow keeps its one start node: it is not copied) and the edges between them. */
export function copyNodes(graph: FlowGraph, selected: ReadonlySet<string>): FlowGraph {
  const nodes = graph.nodes.filter((node) => selected.has(node.id) && node.type !== 'start');
  const ids = new Set(nodes.map((node) => node.id));
  return { nodes, edges: graph.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target)) };
}

/** The copied nodes and edges with new ids, moved by `offset`, ready to add to the graph. */
export function pastedCopy(copied: FlowGraph, offset: number = PASTE_OFFSET): FlowGraph {
  const ids = new Map(copied.nodes.map((node) => [node.id, newId(node.type)]));
  const nodes = copied.nodes.map(
    (node) =>
      ({
        ...node,
        id: ids.get(node.id)!,
        position: { x: node.position.x + offset, y: node.position.y + offset },
        data: structuredClone(node.data),
      }) as FlowNode,
  );
  const edges: FlowEdge[] = copied.edges.map((edge) => {
    const source = ids.get(edge.source)!;
    const target = ids.get(edge.target)!;
    return { id: edgeId(source, edge.sourceHandle ?? null, target), source, sourceHandle: edge.sourceHandle ?? null, target };
  });
  return { nodes, edges };
}

/** An edge's id: one edge per output, so the output and the target name it. */
export function edgeId(source: string, sourceHandle: string | null, target: string): string {
  return `e-${source}-${sourceHandle ?? 'out'}-${target}`;
}

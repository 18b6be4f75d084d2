import type { FlowEdge, FlowGraph, FlowNode, FlowNodeType } from '@atrium/contracts';
import { applyEdgeChanges, applyNodeChanges, type Connection, type Edge, type EdgeChange, type Node, type NodeChange } from '@xyflow/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { copyNodes, edgeId, pastedCopy, PASTE_OFFSET } from '../flow-clipboard';
import { commit, redo, startHistory, undo, type History } from '../flow-history';
import { newNode } from '../flow-node-defaults';

/** A node as react-flow holds it: the flow's node plus what the canvas measures and selects. */
export type EditorNode = Node<Record<string, unknown>, FlowNodeType>;

function toEditorNode(node: FlowNode, previous?: EditorNode, selected = false): EditorNode {
  return { ...(node as unknown as EditorNode), measured: previous?.measured, selected };
}

function toEditorEdge(edge: FlowEdge): Edge {
  return { id: edge.id, source: edge.source, sourceHandle: edge.sourceHandle ?? null, target: edge.target };
}

/** The graph the API stores: react-flow's extra fields (measured, selected, dragging) left out. */
export function graphOf(nodes: readonly EditorNode[], edges: readonly Edge[]): FlowGraph {
  return {
    nodes: nodes.map(
      (node) => ({ id: node.id, type: node.type, position: { x: node.position.x, y: node.position.y }, data: node.data }) as FlowNode,
    ),
    edges: edges.map((edge) => ({ id: edge.id, source: edge.source, sourceHandle: edge.sourceHandle ?? null, target: edge.target })),
  };
}

/** Compares drafts: the same graph whatever order its fields came in (PostgreSQL's jsonb sorts keys). */
export function graphKey(graph: FlowGraph): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, item]) => [key, sorted(item)]),
          )
        : value;
  return JSON.stringify(sorted(graphOf(graph.nodes as unknown as EditorNode[], graph.edges as Edge[])));
}

/**
 * The editor's graph: react-flow's controlled nodes and edges, with undo/redo over snapshots of
 * the graph (moves count when a drag ends, form edits per field), copy/paste of the selected
 * nodes, and one edge per output (connecting an output again replaces its edge).
 */
export function useFlowEditor(initial: FlowGraph) {
  const [nodes, setNodes] = useState<EditorNode[]>(() => initial.nodes.map((node) => toEditorNode(node)));
  const [edges, setEdges] = useState<Edge[]>(() => initial.edges.map(toEditorEdge));
  const [history, setHistory] = useState<History<FlowGraph>>(() => startHistory(initial));
  const historyNow = useRef(history);
  const clipboard = useRef<FlowGraph | null>(null);
  const pastes = useRef(0);
  // The latest state for callbacks that react-flow keeps between renders.
  const live = useRef({ nodes, edges });
  live.current = { nodes, edges };

  const record = useCallback((next: History<FlowGraph>) => {
    historyNow.current = next;
    setHistory(next);
  }, []);

  /** Sets the graph and records it as one step (coalesced with the previous one under the same key). */
  const change = useCallback(
    (nextNodes: EditorNode[], nextEdges: Edge[], key?: string) => {
      live.current = { nodes: nextNodes, edges: nextEdges };
      setNodes(nextNodes);
      setEdges(nextEdges);
      record(commit(historyNow.current, graphOf(nextNodes, nextEdges), key));
    },
    [record],
  );

  const show = useCallback((graph: FlowGraph, selectedIds: ReadonlySet<string> = new Set()) => {
    const previous = new Map(live.current.nodes.map((node) => [node.id, node]));
    const nextNodes = graph.nodes.map((node) => toEditorNode(node, previous.get(node.id), selectedIds.has(node.id)));
    const nextEdges = graph.edges.map(toEditorEdge);
    live.current = { nodes: nextNodes, edges: nextEdges };
    setNodes(nextNodes);
    setEdges(nextEdges);
  }, []);

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => {
      const nextNodes = applyNodeChanges(changes, live.current.nodes);
      const removed = new Set(changes.flatMap((item) => (item.type === 'remove' ? [item.id] : [])));
      const nextEdges = removed.size
        ? live.current.edges.filter((edge) => !removed.has(edge.source) && !removed.has(edge.target))
        : live.current.edges;
      const moved = changes.some((item) => item.type === 'position' && item.dragging === false);
      if (removed.size || moved) change(nextNodes, nextEdges);
      else {
        live.current = { nodes: nextNodes, edges: nextEdges };
        setNodes(nextNodes);
      }
    },
    [change],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const nextEdges = applyEdgeChanges(changes, live.current.edges);
      if (changes.some((item) => item.type === 'remove')) change(live.current.nodes, nextEdges);
      else {
        live.current = { ...live.current, edges: nextEdges };
        setEdges(nextEdges);
      }
    },
    [change],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      if (connection.source === connection.target) return;
      const handle = connection.sourceHandle ?? null;
      const others = live.current.edges.filter((edge) => !(edge.source === connection.source && (edge.sourceHandle ?? null) === handle));
      const edge: Edge = {
        id: edgeId(connection.source, handle, connection.target),
        source: connection.source,
        sourceHandle: handle,
        target: connection.target,
      };
      change(live.current.nodes, [...others, edge]);
    },
    [change],
  );

  const addNode = useCallback(
    (type: FlowNodeType, position: { x: number; y: number }) => {
      const node = toEditorNode(newNode(type, position), undefined, true);
      change([...live.current.nodes.map((other) => ({ ...other, selected: false })), node], live.current.edges);
      return node.id;
    },
    [change],
  );

  /** Replaces a node's data; `field` groups the keystrokes of one field into one undo step. */
  const updateData = useCallback(
    (nodeId: string, data: Record<string, unknown>, field: string) => {
      const nextNodes = live.current.nodes.map((node) => (node.id === nodeId ? { ...node, data } : node));
      // A menu option removed takes its edge along.
      const node = nextNodes.find((candidate) => candidate.id === nodeId);
      const optionIds = node?.type === 'menu' ? new Set(((data.options ?? []) as Array<{ id: string }>).map((option) => option.id)) : null;
      const nextEdges = optionIds
        ? live.current.edges.filter((edge) => edge.source !== nodeId || optionIds.has(edge.sourceHandle ?? ''))
        : live.current.edges;
      change(nextNodes, nextEdges, `${nodeId}:${field}`);
    },
    [change],
  );

  const removeNodes = useCallback(
    (ids: ReadonlySet<string>) => {
      const nextNodes = live.current.nodes.filter((node) => !ids.has(node.id));
      change(
        nextNodes,
        live.current.edges.filter((edge) => !ids.has(edge.source) && !ids.has(edge.target)),
      );
    },
    [change],
  );

  const selectedIds = useCallback(() => new Set(live.current.nodes.filter((node) => node.selected).map((node) => node.id)), []);

  const copy = useCallback(() => {
    const copied = copyNodes(graphOf(live.current.nodes, live.current.edges), selectedIds());
    if (copied.nodes.length === 0) return false;
    clipboard.current = copied;
    pastes.current = 0;
    return true;
  }, [selectedIds]);

  const paste = useCallback(() => {
    if (!clipboard.current) return false;
    pastes.current += 1;
    const pasted = pastedCopy(clipboard.current, PASTE_OFFSET * pastes.current);
    const pastedIds = new Set(pasted.nodes.map((node) => node.id));
    const nextNodes = [
      ...live.current.nodes.map((node) => ({ ...node, selected: false })),
      ...pasted.nodes.map((node) => toEditorNode(node, undefined, pastedIds.has(node.id))),
    ];
    change(nextNodes, [...live.current.edges, ...pasted.edges.map(toEditorEdge)]);
    return true;
  }, [change]);

  /** A whole new graph (an imported file): one undo step brings the old one back. */
  const replace = useCallback(
    (graph: FlowGraph) => {
      show(graph);
      record(commit(historyNow.current, graph));
    },
    [show, record],
  );

  const travel = useCallback(
    (step: (current: History<FlowGraph>) => History<FlowGraph>) => {
      const next = step(historyNow.current);
      if (next === historyNow.current) return;
      record(next);
      show(next.present);
    },
    [record, show],
  );
  const stepBack = useCallback(() => travel(undo), [travel]);
  const stepForward = useCallback(() => travel(redo), [travel]);

  const graph = useMemo(() => graphOf(nodes, edges), [nodes, edges]);

  return {
    nodes,
    edges,
    graph,
    onNodesChange,
    onEdgesChange,
    onConnect,
    addNode,
    updateData,
    removeNodes,
    copy,
    paste,
    replace,
    undo: stepBack,
    redo: stepForward,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}

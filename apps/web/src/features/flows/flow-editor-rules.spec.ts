import type { FlowGraph } from '@atrium/contracts';
import { copyNodes, pastedCopy } from './flow-clipboard';
import { flowFileText, readFlowFile } from './flow-file';
import { COALESCE_MS, commit, redo, startHistory, undo } from './flow-history';

const graph: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { trigger: 'new-conversation' } },
    { id: 'ask', type: 'question', position: { x: 200, y: 0 }, data: { text: 'Seu e-mail?', variable: 'email', validation: 'email' } },
    { id: 'bye', type: 'end', position: { x: 400, y: 0 }, data: { text: 'Obrigado, {{email}}' } },
  ],
  edges: [
    { id: 'a', source: 'start', sourceHandle: null, target: 'ask' },
    { id: 'b', source: 'ask', sourceHandle: 'answered', target: 'bye' },
  ],
};

describe('the flow editor rules', () => {
  it('undoes a field typed in a row as one step, and other edits one by one', () => {
    let history = startHistory('');
    history = commit(history, 'O', 'ask:text', 1000);
    history = commit(history, 'Oi', 'ask:text', 1000 + COALESCE_MS - 1);
    history = commit(history, 'Oi!', 'ask:text', 1000 + 3 * COALESCE_MS);
    history = commit(history, 'Oi!?', 'bye:text', 1000 + 3 * COALESCE_MS + 1);
    expect(history.past).toEqual(['', 'Oi', 'Oi!']);
    history = undo(undo(history));
    expect(history.present).toBe('Oi');
    expect(redo(history).present).toBe('Oi!');
    expect(undo(undo(history)).present).toBe('');
    expect(undo(startHistory('x')).present).toBe('x');
    // a new edit after an undo drops the steps that were undone
    expect(commit(history, 'novo').future).toEqual([]);
  });

  it('copies the selected nodes with the edges between them (not the start) and pastes them with new ids', () => {
    const copied = copyNodes(graph, new Set(['start', 'ask', 'bye']));
    expect(copied.nodes.map((node) => node.id)).toEqual(['ask', 'bye']);
    expect(copied.edges.map((edge) => edge.id)).toEqual(['b']);
    const pasted = pastedCopy(copied, 40);
    const [ask, bye] = pasted.nodes;
    expect(ask!.id).not.toBe('ask');
    expect(ask!.position).toEqual({ x: 240, y: 40 });
    expect(ask!.data).toEqual(graph.nodes[1]!.data);
    expect(ask!.data).not.toBe(graph.nodes[1]!.data);
    expect(pasted.edges).toEqual([{ id: expect.any(String), source: ask!.id, sourceHandle: 'answered', target: bye!.id }]);
  });

  it('exports JSON that imports back whole, and refuses a file that is not a flow without taking any of it', () => {
    const text = flowFileText({ name: 'Cadastro', ...graph });
    expect(readFlowFile(text)).toEqual({ ok: true, file: { name: 'Cadastro', ...graph } });
    expect(readFlowFile('{ nodes: ')).toEqual({ ok: false, reason: 'json', problems: [] });
    expect(readFlowFile('{"name":"x"}')).toMatchObject({ ok: false, reason: 'shape' });
    const badEdge = JSON.stringify({ ...graph, edges: [...graph.edges, { id: 'c', source: 'ask', sourceHandle: 'maybe', target: 'bye' }] });
    const read = readFlowFile(badEdge);
    expect(read).toMatchObject({ ok: false, reason: 'shape' });
    expect(read.ok ? [] : read.problems.map((problem) => problem.field)).toEqual(['edges.2.sourceHandle']);
  });
});

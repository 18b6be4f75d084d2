import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FlowGraph, FlowView } from '@atrium/contracts';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import FlowEditorPage from './flow-editor.page';

/** start → menu (Vendas → question, Suporte unconnected) → question (answered → condition) → condition (true → end, false unconnected); a message nobody reaches. */
const graph: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { trigger: 'new-conversation' } },
    {
      id: 'menu',
      type: 'menu',
      position: { x: 250, y: 0 },
      data: {
        text: 'Olá {{firstName}}! Escolha:',
        options: [
          { id: 'sales', label: 'Vendas' },
          { id: 'support', label: 'Suporte' },
        ],
      },
    },
    { id: 'ask', type: 'question', position: { x: 500, y: 0 }, data: { text: 'Quantas unidades?', variable: 'qty', validation: 'number' } },
    {
      id: 'big',
      type: 'condition',
      position: { x: 750, y: 0 },
      data: { match: 'all', rules: [{ variable: 'qty', operator: 'gt', value: '10' }] },
    },
    { id: 'bye', type: 'end', position: { x: 1000, y: 0 }, data: { text: 'Pedido grande de {{qty}}!' } },
    { id: 'lost', type: 'message', position: { x: 0, y: 300 }, data: { text: '' } },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: null, target: 'menu' },
    { id: 'e2', source: 'menu', sourceHandle: 'sales', target: 'ask' },
    { id: 'e3', source: 'ask', sourceHandle: 'answered', target: 'big' },
    { id: 'e4', source: 'big', sourceHandle: 'true', target: 'bye' },
  ],
};
const flow: FlowView = { id: 5, name: 'Boas-vindas', version: null, publishedAt: null, createdAt: '', updatedAt: '', ...graph };

function nodeCard(id: string): HTMLElement {
  return screen.getByTestId(`flow-node-${id}`);
}

async function openEditor(api: FakeApi) {
  renderWithLiveSocket(
    [{ path: '/flows/:flowId', element: <FlowEditorPage /> }],
    '/flows/5',
    aSessionUser({ profile: 'admin', flags: { useIntegrations: true } }),
  );
  await screen.findByTestId('flow-node-menu');
  return api;
}

function select(id: string) {
  fireEvent.click(nodeCard(id));
}

describe('flow editor', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('draws each node with the outputs the API names, marks the problems, edits in the side panel with undo/redo, and saves the draft', async () => {
    api = fakeApi({
      'GET /flows/5': { body: flow },
      'PUT /flows/5': (call) => ({ body: { ...flow, ...(call.body as object) } }),
      'GET /tags/list': { body: [] },
    });
    await openEditor(api);

    // outputs: one per menu option (its id), question answered/timeout, condition true/false; the end has none
    for (const handle of ['menu-sales', 'menu-support', 'ask-answered', 'ask-timeout', 'big-true', 'big-false', 'start-out', 'lost-out'])
      expect(screen.getByTestId(`flow-handle-${handle}`)).toBeInTheDocument();
    expect(within(nodeCard('bye')).queryAllByTestId(/flow-handle-/)).toHaveLength(0);

    // problems: unconnected outputs (a timeout only when the question has one), a missing field, a node nobody reaches
    expect(nodeCard('menu').dataset.unconnected).toBe('support');
    expect(nodeCard('big').dataset.unconnected).toBe('false');
    expect(nodeCard('ask').dataset.unconnected).toBe('');
    expect(nodeCard('lost').dataset.invalidFields).toBe('text');
    expect(nodeCard('lost').dataset.unreachable).toBe('true');
    expect(nodeCard('menu').dataset.unreachable).toBe('false');
    expect(nodeCard('lost').dataset.unconnected).toBe('out');
    expect(screen.getByTestId('flow-problem-count').dataset.count).toBe('5');

    // the side panel edits the selected node; the problem on its field clears as it is filled
    select('lost');
    const panel = await screen.findByTestId('flow-node-panel');
    expect(panel.dataset.nodeId).toBe('lost');
    fireEvent.change(within(panel).getByTestId('flow-field-text'), { target: { value: 'Ninguém chega aqui' } });
    expect(nodeCard('lost')).toHaveTextContent('Ninguém chega aqui');
    expect(nodeCard('lost').dataset.invalidFields).toBe('');

    // a question's timeout makes its timeout output required
    select('ask');
    fireEvent.change(within(await screen.findByTestId('flow-node-panel')).getByTestId('flow-field-timeoutSeconds'), {
      target: { value: '60' },
    });
    await waitFor(() => expect(nodeCard('ask').dataset.unconnected).toBe('timeout'));

    // undo takes the timeout back, then the text; redo brings the text again
    fireEvent.click(screen.getByTestId('flow-undo'));
    await waitFor(() => expect(nodeCard('ask').dataset.unconnected).toBe(''));
    fireEvent.click(screen.getByTestId('flow-undo'));
    await waitFor(() => expect(nodeCard('lost').dataset.invalidFields).toBe('text'));
    expect(nodeCard('lost')).not.toHaveTextContent('Ninguém chega aqui');
    fireEvent.click(screen.getByTestId('flow-redo'));
    await waitFor(() => expect(nodeCard('lost')).toHaveTextContent('Ninguém chega aqui'));

    // a menu option removed in the form takes its output and edge along
    select('menu');
    const menuPanel = await screen.findByTestId('flow-node-panel');
    fireEvent.click(within(menuPanel).getByTestId('flow-add-option'));
    await waitFor(() => expect(within(nodeCard('menu')).getAllByTestId(/flow-handle-menu-/)).toHaveLength(3));

    // save: PUT /flows/5 with the graph in the API's shape (no react-flow fields)
    fireEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(api.callsTo('PUT /flows/5')).toHaveLength(1));
    const body = api.callsTo('PUT /flows/5')[0]!.body as FlowGraph & { name: string };
    expect(body.name).toBe('Boas-vindas');
    expect(body.nodes.find((node) => node.id === 'lost')).toEqual({
      id: 'lost',
      type: 'message',
      position: { x: 0, y: 300 },
      data: { text: 'Ninguém chega aqui' },
    });
    const menu = body.nodes.find((node) => node.id === 'menu');
    expect(menu?.type === 'menu' && menu.data.options.map((option) => option.label)).toEqual(['Vendas', 'Suporte', '']);
    expect(body.edges).toEqual(graph.edges);
  }, 120_000);

  it('adds nodes from the palette, copies and pastes them with new ids, refuses to publish with problems, and publishes a clean draft', async () => {
    const clean: FlowGraph = {
      nodes: [
        graph.nodes[0]!,
        { id: 'hi', type: 'message', position: { x: 200, y: 0 }, data: { text: 'Oi' } },
        { ...graph.nodes[4]!, id: 'end' },
      ],
      edges: [
        { id: 'a', source: 'start', sourceHandle: null, target: 'hi' },
        { id: 'b', source: 'hi', sourceHandle: null, target: 'end' },
      ],
    };
    api = fakeApi({
      'GET /flows/5': { body: { ...flow, ...clean } },
      'PUT /flows/5': (call) => ({ body: { ...flow, ...(call.body as object) } }),
      'POST /flows/5/publish': { status: 201, body: { version: 3 } },
    });
    renderWithLiveSocket(
      [{ path: '/flows/:flowId', element: <FlowEditorPage /> }],
      '/flows/5',
      aSessionUser({ profile: 'admin', flags: { useIntegrations: true } }),
    );
    await screen.findByTestId('flow-node-hi');
    expect(screen.getByTestId('flow-problem-count').dataset.count).toBe('0');

    fireEvent.click(screen.getByTestId('flow-palette-delay'));
    await waitFor(() => expect(document.querySelectorAll('[data-node-type="delay"]')).toHaveLength(1));
    // a new node is selected: its form is open, and it is unreachable until connected
    expect((await screen.findByTestId('flow-node-panel')).dataset.nodeId).toMatch(/^delay-/);
    expect(screen.getByTestId('flow-problem-count').dataset.count).toBe('2');

    fireEvent.click(screen.getByTestId('flow-copy'));
    fireEvent.click(screen.getByTestId('flow-paste'));
    await waitFor(() => expect(document.querySelectorAll('[data-node-type="delay"]')).toHaveLength(2));
    const ids = [...document.querySelectorAll<HTMLElement>('[data-node-type="delay"]')].map((node) => node.dataset.testid);
    expect(new Set(ids).size).toBe(2);

    // publishing is refused while the canvas shows problems
    fireEvent.click(screen.getByTestId('flow-publish'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('POST /flows/5/publish')).toHaveLength(0);

    // undo both: the draft is clean again and "Publicar" saves then publishes
    fireEvent.click(screen.getByTestId('flow-undo'));
    fireEvent.click(screen.getByTestId('flow-undo'));
    await waitFor(() => expect(document.querySelectorAll('[data-node-type="delay"]')).toHaveLength(0));
    fireEvent.click(screen.getByTestId('flow-publish'));
    await waitFor(() => expect(api.callsTo('POST /flows/5/publish')).toHaveLength(1));
    expect(api.callsTo('PUT /flows/5')).toHaveLength(0);
    expect(await screen.findByTestId('flow-version')).toHaveTextContent('3');
  }, 120_000);

  it('walks the draft in the test panel with the runtime planner: the menu by number or text, a question validated and captured, the condition', async () => {
    api = fakeApi({ 'GET /flows/5': { body: flow } });
    await openEditor(api);
    fireEvent.click(screen.getByTestId('flow-test-toggle'));
    const panel = await screen.findByTestId('flow-test-panel');
    const say = (text: string) => {
      fireEvent.change(within(panel).getByTestId('flow-test-input'), { target: { value: text } });
      fireEvent.click(within(panel).getByTestId('flow-test-send'));
    };
    const botLines = () =>
      within(panel)
        .queryAllByTestId('flow-test-bot')
        .map((line) => line.textContent);

    say('oi');
    await waitFor(() => expect(botLines()).toEqual(['Olá Maria! Escolha:\n1 - Vendas\n2 - Suporte']));
    say('9');
    await waitFor(() => expect(botLines()).toHaveLength(3));
    say('vendas');
    await waitFor(() => expect(botLines().at(-1)).toBe('Quantas unidades?'));
    say('muitas');
    await waitFor(() => expect(botLines().at(-1)).toMatch(/inválida/i));
    expect(within(panel).queryByTestId('flow-test-variable-qty')).toBeNull();
    say('12');
    await waitFor(() => expect(botLines().at(-1)).toBe('Pedido grande de 12!'));
    expect(within(panel).getByTestId('flow-test-variable-qty')).toHaveTextContent('12');
    expect(within(panel).getAllByTestId('flow-test-system').at(-1)).toHaveTextContent('Fim do fluxo');
    expect(within(panel).getByTestId('flow-test-input')).toBeDisabled();

    // the run follows the canvas as it is now: a restart walks the edited draft
    fireEvent.click(within(panel).getByTestId('flow-test-restart'));
    say('oi');
    say('2');
    await waitFor(() => expect(within(panel).getAllByTestId('flow-test-system').at(-1)).toHaveTextContent(/pessoa/));
  }, 120_000);
});

import type { FlowEdge, FlowGraph, FlowNode } from '@atrium/contracts';
import { flowProblems, parseFlowGraph } from '@atrium/contracts';
import { DEFAULT_INVALID_ANSWER, initialFlowState, planFlow, type FlowInput, type FlowPlan, type FlowRunState } from '@atrium/contracts';
import { answerOf, interpolate, readJsonPath } from '@atrium/contracts';
import { queueMenuGraph } from './flows-from-queue-menu.js';

const contact = { name: 'Maria Souza', number: '5511999990000', protocol: '42' };
const at = { x: 0, y: 0 };
const node = (id: string, type: FlowNode['type'], data: Record<string, unknown>) => ({ id, type, position: at, data }) as FlowNode;
const edge = (source: string, target: string, sourceHandle?: string): FlowEdge => ({
  id: `${source}-${sourceHandle ?? ''}-${target}`,
  source,
  target,
  sourceHandle: sourceHandle ?? null,
});
const msg = (text: string): FlowInput => ({ kind: 'message', text });
const texts = (plan: FlowPlan) => plan.actions.map((a) => (a.type === 'text' ? a.body : a.type));

/** Walks the inputs one after the other, answering each plan. */
function walk(graph: FlowGraph, inputs: FlowInput[], state: FlowRunState = initialFlowState()): FlowPlan[] {
  const plans: FlowPlan[] = [];
  for (const input of inputs) {
    const plan = planFlow(graph, state, input, contact);
    plans.push(plan);
    state = plan.state;
  }
  return plans;
}

describe('the flow planner', () => {
  const menuFlow: FlowGraph = {
    nodes: [
      node('start', 'start', { trigger: 'new-conversation' }),
      node('hello', 'message', { text: 'Olá {{firstName}}! Protocolo {{protocol}}.' }),
      node('menu', 'menu', {
        text: 'Escolha:',
        options: [
          { id: 'a', label: 'Vendas' },
          { id: 'b', label: 'Suporte técnico' },
        ],
        invalidText: 'Não entendi.',
      }),
      node('sales', 'end', { text: 'Vendas, {{name}} ({{number}})', closeTicket: true }),
      node('support', 'transfer', { queueId: 7 }),
    ],
    edges: [edge('start', 'hello'), edge('hello', 'menu'), edge('menu', 'sales', 'a'), edge('menu', 'support', 'b')],
  };

  it('starts on a new conversation: texts with the built-in variables, the menu numbered; picks by number and by label text', () => {
    const [first, second] = walk(menuFlow, [msg('oi'), msg('1')]);
    expect(texts(first!)).toEqual(['Olá Maria! Protocolo 42.', 'Escolha:\n1 - Vendas\n2 - Suporte técnico']);
    expect(first!.entered).toEqual(['start', 'hello', 'menu']);
    expect(first!.left).toEqual(['start', 'hello']);
    expect(first!.next).toEqual({ kind: 'wait', timer: undefined });
    expect(first!.state).toMatchObject({ at: 'menu', waiting: 'input', step: 1 });
    expect(texts(second!)).toEqual(['Vendas, Maria Souza (5511999990000)', 'close']);
    expect(second!.next).toEqual({ kind: 'end' });
    expect(second!.state).toMatchObject({ waiting: 'finished', step: 2 });
    const [, byLabel] = walk(menuFlow, [msg('oi'), msg('  SUPORTE tecnico ')]);
    expect(byLabel!.actions).toEqual([{ type: 'transfer', queueId: 7, userId: undefined }]);
  });

  it('answers an invalid option with invalidText and the menu again, on a new step, staying at the menu', () => {
    const [, wrong, right] = walk(menuFlow, [msg('oi'), msg('9'), msg('2')]);
    expect(texts(wrong!)).toEqual(['Não entendi.', 'Escolha:\n1 - Vendas\n2 - Suporte técnico']);
    expect(wrong!.state).toMatchObject({ at: 'menu', waiting: 'input', step: 2 });
    expect(right!.actions[0]).toMatchObject({ type: 'transfer' });
  });

  it('with a keyword trigger waits, silent, until a message names a keyword', () => {
    const graph: FlowGraph = {
      nodes: [node('start', 'start', { trigger: 'keyword', keywords: ['promoção'] }), node('end', 'end', { text: 'Oferta!' })],
      edges: [edge('start', 'end')],
    };
    const [ignored, fired] = walk(graph, [msg('bom dia'), msg('Quero a PROMOCAO de hoje')]);
    expect(ignored).toMatchObject({ idle: true, actions: [] });
    expect(ignored!.state.step).toBe(0);
    expect(texts(fired!)).toEqual(['Oferta!']);
  });

  describe('questions', () => {
    const question = (validation: string, timeoutSeconds?: number): FlowGraph => ({
      nodes: [
        node('start', 'start', { trigger: 'new-conversation' }),
        node('q', 'question', { text: 'Seu dado?', variable: 'dado', validation, timeoutSeconds }),
        node('ok', 'end', { text: 'Recebido: {{dado}}' }),
        node('late', 'end', { text: 'Tempo esgotado' }),
      ],
      edges: [edge('start', 'q'), edge('q', 'ok', 'answered'), edge('q', 'late', 'timeout')],
    });

    it.each([
      ['text', '  algo  ', 'algo', '   '],
      ['number', '-2,5', '-2.5', 'dois'],
      ['email', 'Ana@Example.com', 'ana@example.com', 'ana@'],
      ['cpf', '529.982.247-25', '52998224725', '529.982.247-24'],
      ['date', '7/3/2026', '07/03/2026', '31/02/2026'],
    ])('validates %s: stores the normalised answer and leaves by "answered"; a bad answer asks again', (validation, good, stored, bad) => {
      const [, wrong, right] = walk(question(validation), [msg('oi'), msg(bad), msg(good)]);
      expect(texts(wrong!)).toEqual([DEFAULT_INVALID_ANSWER]);
      expect(wrong!.state).toMatchObject({ at: 'q', waiting: 'input' });
      expect(right!.state.variables).toEqual({ dado: stored });
      expect(texts(right!)).toEqual([`Recebido: ${stored}`]);
    });

    it('arms its timeout with each ask, and a timer of the current step leaves by "timeout"; a stale one does nothing', () => {
      const [asked] = walk(question('text', 30), [msg('oi')]);
      expect(asked!.next).toEqual({ kind: 'wait', timer: { timer: 'timeout', seconds: 30 } });
      const stale = planFlow(question('text', 30), asked!.state, { kind: 'timer', timer: 'timeout', step: 0 }, contact);
      expect(stale.idle).toBe(true);
      const late = planFlow(question('text', 30), asked!.state, { kind: 'timer', timer: 'timeout', step: 1 }, contact);
      expect(texts(late)).toEqual(['Tempo esgotado']);
      expect(late.left).toEqual(['q']);
    });
  });

  describe('conditions', () => {
    const condition = (match: 'all' | 'any', rules: unknown[]): FlowGraph => ({
      nodes: [
        node('start', 'start', { trigger: 'new-conversation' }),
        node('q', 'question', { text: 'Idade?', variable: 'idade', validation: 'number' }),
        node('c', 'condition', { match, rules }),
        node('yes', 'end', { text: 'sim' }),
        node('no', 'end', { text: 'não' }),
      ],
      edges: [edge('start', 'q'), edge('q', 'c', 'answered'), edge('c', 'yes', 'true'), edge('c', 'no', 'false')],
    });
    const outcome = (match: 'all' | 'any', rules: unknown[], answer: string) =>
      texts(walk(condition(match, rules), [msg('oi'), msg(answer)])[1]!);

    it.each([
      ['all', [{ variable: 'idade', operator: 'gt', value: '17' }], '18', 'sim'],
      ['all', [{ variable: 'idade', operator: 'gt', value: '17' }], '17', 'não'],
      ['all', [{ variable: 'idade', operator: 'lt', value: '10' }], '9', 'sim'],
      ['all', [{ variable: 'idade', operator: 'equals', value: '30' }], '30', 'sim'],
      ['all', [{ variable: 'name', operator: 'contains', value: 'souza' }], '1', 'sim'],
      ['all', [{ variable: 'idade', operator: 'exists' }], '5', 'sim'],
      ['all', [{ variable: 'cidade', operator: 'exists' }], '5', 'não'],
      [
        'all',
        [
          { variable: 'idade', operator: 'gt', value: '1' },
          { variable: 'cidade', operator: 'exists' },
        ],
        '5',
        'não',
      ],
      [
        'any',
        [
          { variable: 'idade', operator: 'gt', value: '1' },
          { variable: 'cidade', operator: 'exists' },
        ],
        '5',
        'sim',
      ],
    ])('%s of %j with %s → %s', (match, rules, answer, expected) => {
      expect(outcome(match as 'all', rules, answer)).toEqual([expected]);
    });
  });

  describe('http', () => {
    const graph = (withError: boolean): FlowGraph => ({
      nodes: [
        node('start', 'start', { trigger: 'new-conversation' }),
        node('h', 'http', {
          method: 'POST',
          url: 'https://api.example.com/c?n={{number}}&q={{name}}',
          headers: { 'x-cliente': '{{firstName}}' },
          body: '{"nome":"{{name}}"}',
          saveAs: { saldo: '$.conta.saldo' },
        }),
        node('ok', 'end', { text: 'Saldo {{saldo}}' }),
        ...(withError ? [node('err', 'end', { text: 'Falhou' })] : []),
      ],
      edges: [edge('start', 'h'), edge('h', 'ok', 'ok'), ...(withError ? [edge('h', 'err', 'error')] : [])],
    });

    it('asks the runtime for the request with the variables put in (URL-encoded in the URL), then leaves by ok with the saved variables', () => {
      const [first] = walk(graph(true), [msg('oi')]);
      expect(first!.next).toEqual({
        kind: 'http',
        request: {
          nodeId: 'h',
          method: 'POST',
          url: 'https://api.example.com/c?n=5511999990000&q=Maria%20Souza',
          headers: { 'x-cliente': 'Maria' },
          body: '{"nome":"Maria Souza"}',
          saveAs: { saldo: '$.conta.saldo' },
        },
      });
      const ok = planFlow(graph(true), first!.state, { kind: 'http', ok: true, saved: { saldo: '10.5' } }, contact);
      expect(texts(ok)).toEqual(['Saldo 10.5']);
      const failed = planFlow(graph(true), first!.state, { kind: 'http', ok: false, saved: {} }, contact);
      expect(texts(failed)).toEqual(['Falhou']);
    });

    it('gives up to people when the request failed and there is no error edge', () => {
      const [first] = walk(graph(false), [msg('oi')]);
      const failed = planFlow(graph(false), first!.state, { kind: 'http', ok: false, saved: {} }, contact);
      expect(failed.next).toEqual({ kind: 'fail', reason: expect.stringContaining('não tem saída de erro') });
    });

    it('reads JSON paths in both spellings', () => {
      const answer = { conta: { saldo: 10.5, itens: [{ nome: 'pão' }] } };
      expect(readJsonPath(answer, '$.conta.itens[0].nome')).toBe('pão');
      expect(readJsonPath(answer, 'conta.itens.0.nome')).toBe('pão');
      expect(readJsonPath(answer, '$.conta')).toBe('{"saldo":10.5,"itens":[{"nome":"pão"}]}');
      expect(readJsonPath(answer, '$.nada.aqui')).toBeUndefined();
    });
  });

  describe('delay', () => {
    const graph: FlowGraph = {
      nodes: [
        node('start', 'start', { trigger: 'new-conversation' }),
        node('wait', 'delay', { seconds: 5 }),
        node('q', 'question', { text: 'Nome?', variable: 'nome', validation: 'text' }),
        node('bye', 'end', { text: 'Tchau {{nome}}' }),
      ],
      edges: [edge('start', 'wait'), edge('wait', 'q'), edge('q', 'bye', 'answered')],
    };

    it('waits for its timer; a message meanwhile is kept (same step) and answers the next question', () => {
      const [first, during] = walk(graph, [msg('oi'), msg('Joana')]);
      expect(first!.next).toEqual({ kind: 'wait', timer: { timer: 'delay', seconds: 5 } });
      expect(during).toMatchObject({ actions: [], idle: false });
      expect(during!.state).toMatchObject({ kept: ['Joana'], step: 1, waiting: 'delay' });
      const after = planFlow(graph, during!.state, { kind: 'timer', timer: 'delay', step: 1 }, contact);
      expect(texts(after)).toEqual(['Nome?', 'Tchau Joana']);
      expect(after.state).toMatchObject({ kept: [], waiting: 'finished' });
    });
  });

  it('tags, hands over to a prompt or an integration (the message that led there goes to it), and ends', () => {
    const graph = (last: FlowNode): FlowGraph => ({
      nodes: [node('start', 'start', { trigger: 'new-conversation' }), node('t', 'tag', { add: [1, 2], remove: [3] }), last],
      edges: [edge('start', 't'), edge('t', last.id)],
    });
    const [toAi] = walk(graph(node('ai', 'ai', { promptId: 9 })), [msg('oi')]);
    expect(toAi!.actions).toEqual([{ type: 'tag', add: [1, 2], remove: [3] }]);
    expect(toAi!.next).toEqual({ kind: 'delegate', bot: { kind: 'prompt', promptId: 9 }, text: 'oi' });
    const later = planFlow(graph(node('ai', 'ai', { promptId: 9 })), toAi!.state, msg('e agora?'), contact);
    expect(later.next).toEqual({ kind: 'delegate', bot: { kind: 'prompt', promptId: 9 }, text: 'e agora?' });
    // each later answer is a step of its own, or tickets would take it for a replay of the one before
    expect(later.state.step).toBe(toAi!.state.step + 1);
    expect(planFlow(graph(node('ai', 'ai', { promptId: 9 })), later.state, msg('e depois?'), contact).state.step).toBe(
      toAi!.state.step + 2,
    );
    const [toIntegration] = walk(graph(node('i', 'integration', { integrationId: 4 })), [msg('oi')]);
    expect(toIntegration!.next).toEqual({ kind: 'delegate', bot: { kind: 'integration', integrationId: 4 }, text: 'oi' });
    const [ended, after] = walk(graph(node('e', 'end', {})), [msg('oi'), msg('mais?')]);
    expect(ended!.next).toEqual({ kind: 'end' });
    expect(after!.idle).toBe(true);
  });

  it('media messages carry the caption; a loop without a wait ends in a failure; a node missing from the version fails', () => {
    const media: FlowGraph = {
      nodes: [
        node('start', 'start', { trigger: 'new-conversation' }),
        node('m', 'message', { text: 'Cardápio', mediaUrl: 'https://cdn.example.com/menu.pdf' }),
        node('e', 'end', {}),
      ],
      edges: [edge('start', 'm'), edge('m', 'e')],
    };
    expect(walk(media, [msg('oi')])[0]!.actions[0]).toEqual({
      type: 'media',
      url: 'https://cdn.example.com/menu.pdf',
      caption: 'Cardápio',
    });
    const loop: FlowGraph = {
      nodes: [node('start', 'start', { trigger: 'new-conversation' }), node('a', 'tag', { add: [1] }), node('b', 'tag', { add: [2] })],
      edges: [edge('start', 'a'), edge('a', 'b'), edge('b', 'a')],
    };
    expect(walk(loop, [msg('oi')])[0]!.next).toMatchObject({ kind: 'fail' });
    const state: FlowRunState = { ...initialFlowState(), at: 'gone', waiting: 'input', step: 3 };
    expect(planFlow(menuFlow, state, msg('1'), contact).next).toMatchObject({ kind: 'fail' });
  });

  it('interpolates unknown variables as empty and answers number validation with a dot', () => {
    expect(interpolate('{{ firstName }}-{{nada}}-{{protocol}}', {}, contact)).toBe('Maria--42');
    expect(answerOf('number', '1.000')).toBe('1');
  });
});

describe('flow graph checks', () => {
  it('refuses malformed drafts naming the field, and lists what keeps a draft from being published', () => {
    const { problems } = parseFlowGraph(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'new-conversation' } },
        { id: 's', type: 'message', position: at, data: { text: 'x' } },
        { id: 'x', type: 'teleport', position: at, data: {} },
        { id: 'q', type: 'question', position: at, data: { text: 'x', variable: 'v', validation: 'cnpj' } },
      ],
      [{ id: 'e1', source: 's', target: 'nowhere' }],
    );
    expect(problems.map((p) => p.field)).toEqual(['nodes.1.id', 'nodes.2.type', 'nodes.3.data.validation', 'edges.0.target']);
    const draft = parseFlowGraph(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'new-conversation' } },
        { id: 'm', type: 'menu', position: at, data: { text: '', options: [{ id: 'a', label: 'A' }] } },
        { id: 'lost', type: 'end', position: at, data: {} },
      ],
      [{ id: 'e1', source: 's', target: 'm' }],
    );
    expect(draft.problems).toEqual([]);
    expect(flowProblems(draft.graph).map((p) => `${p.nodeId}: ${p.message}`)).toEqual([
      'm: is required',
      'm: its output "a" is not connected',
      'lost: cannot be reached from the start',
    ]);
  });

  it('converts a queue menu: greeting as a menu of the queues, option trees as menus, transfers where the tree ends; publishable', () => {
    const queue = (id: number, name: string, greetingMessage = '') =>
      ({ id, name, greetingMessage, orderQueue: id }) as unknown as Parameters<typeof queueMenuGraph>[1][number];
    const option = (id: number, queueId: number, parentId: number | null, opt: number, title: string, message = '') =>
      ({ id, queueId, parentId, option: opt, title, message }) as unknown as import('@atrium/contracts').QueueOptionView;
    const graph = queueMenuGraph(
      'Bem-vindo!',
      [queue(1, 'Vendas', 'Vendas aqui'), queue(2, 'Suporte')],
      new Map([
        [1, [option(10, 1, null, 1, 'Pedidos', 'Sobre pedidos'), option(11, 1, 10, 1, 'Status', 'Veja o app')]],
        [2, []],
      ]),
    );
    expect(flowProblems(graph)).toEqual([]);
    const plans = walk(graph, [msg('oi'), msg('Vendas'), msg('1'), msg('1')]);
    expect(texts(plans[0]!)).toEqual(['Bem-vindo!\n1 - Vendas\n2 - Suporte']);
    expect(texts(plans[1]!)).toEqual(['Vendas aqui\n1 - Pedidos']);
    expect(texts(plans[2]!)).toEqual(['Sobre pedidos\n1 - Status']);
    expect(plans[3]!.actions).toEqual([
      { type: 'text', body: 'Veja o app' },
      { type: 'transfer', queueId: 1, userId: undefined },
    ]);
    expect(walk(graph, [msg('oi'), msg('2')])[1]!.actions).toEqual([{ type: 'transfer', queueId: 2, userId: undefined }]);
  });
});

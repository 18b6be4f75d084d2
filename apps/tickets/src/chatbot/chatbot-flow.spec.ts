import { BOT_START, botTurn, menuOf, queueMenu, type BotContext, type BotOption, type BotPosition, type BotTurn } from './chatbot-flow.js';

const vendas = { id: 10, name: 'Vendas', greetingMessage: 'Bem-vindo a Vendas' };
const suporte = { id: 20, name: 'Suporte', greetingMessage: 'Bem-vindo ao Suporte' };
const tree: BotOption[] = [
  { id: 2, parentId: null, option: 2, title: 'Internet', message: 'Problemas de internet:' },
  { id: 1, parentId: null, option: 1, title: 'Planos', message: 'Nossos planos: 100 MB' },
  { id: 3, parentId: 2, option: 1, title: 'Sem sinal', message: 'Reinicie o modem' },
  { id: 4, parentId: 2, option: 2, title: 'Lenta', message: 'Um técnico vai ligar' },
];
const connection: BotContext = {
  greetingMessage: 'Olá! Escolha:',
  maxUseBotQueues: 2,
  greetOneQueue: false,
  queues: [vendas, suporte],
  queueId: null,
  options: [],
};

/** Walks replies from the start, the tree of the queue the ticket is in at each step. */
function walk(context: BotContext, replies: string[], trees: Record<number, BotOption[]> = { [suporte.id]: tree }): BotTurn[] {
  let position: BotPosition = BOT_START;
  let queueId: number | null = context.queueId;
  return replies.map((reply) => {
    const picking = position.stage === 'queue-menu' && /^\d+$/.test(reply.trim()) ? context.queues[Number(reply) - 1]?.id : undefined;
    const single = position.stage === 'idle' && context.queues.length === 1 ? context.queues[0]!.id : undefined;
    const treeOf = picking ?? single ?? queueId;
    const turn = botTurn(position, reply, { ...context, queueId, options: treeOf === null ? [] : (trees[treeOf] ?? []) });
    position = turn.position;
    if (turn.assignQueueId !== undefined) queueId = turn.assignQueueId;
    return turn;
  });
}

const root = 'Bem-vindo ao Suporte\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Internet\n\n*[ # ]* - Voltar ao Menu Principal';
const menu = 'Olá! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';

describe('chatbot flow', () => {
  it('greets with the numbered queues, enters the picked queue’s tree, goes down, back one level and back to the queue menu', () => {
    const turns = walk(connection, ['oi', '2', '2', '1', '0', '#']);
    expect(turns.map((turn) => turn.replies)).toEqual([
      [menu],
      [root],
      ['Problemas de internet:\n\n*[ 1 ]* - Sem sinal\n*[ 2 ]* - Lenta\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal'],
      ['Reinicie o modem\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal'],
      ['Problemas de internet:\n\n*[ 1 ]* - Sem sinal\n*[ 2 ]* - Lenta\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal'],
      [menu],
    ]);
    expect(turns.map((turn) => turn.assignQueueId)).toEqual([null, suporte.id, undefined, undefined, undefined, null]);
    expect(turns.every((turn) => turn.chatbot)).toBe(true);
  });

  it('repeats the current option menu on an invalid reply and goes to the queue menu on 0 at the top', () => {
    const turns = walk(connection, ['oi', '2', '9', 'talvez', '0']);
    expect(turns.slice(1).map((turn) => turn.replies)).toEqual([[root], [root], [root], [menu]]);
  });

  it('repeats the queue menu at most maxUseBotQueues times, then stays silent and stops driving', () => {
    const turns = walk(connection, ['oi', 'x', '3', '0', '1', 'y']);
    expect(turns.map((turn) => turn.replies.length)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(turns[3]).toMatchObject({ chatbot: false, position: { stage: 'silent' } });
  });

  it('a queue without options: its greeting and the bot is done', () => {
    const turns = walk(connection, ['oi', '1', '1']);
    expect(turns.map((turn) => turn.replies)).toEqual([[menu], ['Bem-vindo a Vendas'], []]);
    expect(turns[1]).toMatchObject({ assignQueueId: vendas.id, chatbot: false, position: { stage: 'done' } });
  });

  it('one queue: assigned at once, the connection’s greeting only with sendGreetingMessageOneQueues; # shows its top menu', () => {
    const single = { ...connection, queues: [suporte] };
    const quiet = walk(single, ['oi', '#']);
    const top = 'Bem-vindo ao Suporte\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Internet';
    expect(quiet.map((turn) => turn.replies)).toEqual([[top], [top]]);
    expect(quiet[0]!.assignQueueId).toBe(suporte.id);
    expect(walk({ ...single, greetOneQueue: true }, ['oi'])[0]!.replies).toEqual(['Olá! Escolha:', top]);
  });

  it('no queue: the greeting once per conversation', () => {
    const turns = walk({ ...connection, queues: [] }, ['oi', 'oi de novo']);
    expect(turns.map((turn) => turn.replies)).toEqual([['Olá! Escolha:'], []]);
    expect(turns.every((turn) => !turn.chatbot)).toBe(true);
    expect(walk({ ...connection, queues: [], greetingMessage: '' }, ['oi'])[0]!.replies).toEqual([]);
  });
});

describe('menuOf: a bot reply read back as an interactive menu', () => {
  it("takes each option line's key and title, and the rest as the body", () => {
    const text = queueMenu({
      greetingMessage: 'Olá! Escolha:',
      queues: [
        { id: 7, name: 'Vendas', greetingMessage: '' },
        { id: 9, name: 'Suporte técnico', greetingMessage: '' },
      ],
    });
    expect(menuOf(text)).toEqual({
      body: 'Olá! Escolha:',
      options: [
        { id: '1', title: 'Vendas' },
        { id: '2', title: 'Suporte técnico' },
      ],
    });
    expect(menuOf('Plano Pro: R$ 20\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal')).toEqual({
      body: 'Plano Pro: R$ 20',
      options: [
        { id: '0', title: 'Voltar' },
        { id: '#', title: 'Voltar ao Menu Principal' },
      ],
    });
  });

  it('is no menu without option lines, and names the options when the menu has no text of its own', () => {
    expect(menuOf('Aguarde um vendedor.')).toBeUndefined();
    expect(menuOf('*[1]* - not the bot’s format')).toBeUndefined();
    expect(menuOf('*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte')).toEqual({
      body: 'Vendas · Suporte',
      options: [
        { id: '1', title: 'Vendas' },
        { id: '2', title: 'Suporte' },
      ],
    });
  });
});

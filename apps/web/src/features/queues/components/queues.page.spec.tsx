import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueueOptionView, QueueView } from '@atrium/contracts';
import { fakeApi, type FakeApi, type FakeCall, type FakeRoute } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import QueuesPage from './queues.page';

const aQueue = (id: number, fields: Partial<QueueView> = {}): QueueView => ({
  id,
  companyId: 3,
  name: `Fila ${id}`,
  color: '#1273de',
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
  integrationId: null,
  promptId: null,
  flowId: null,
  schedules: [],
  createdAt: '',
  updatedAt: '',
  ...fields,
});

/** A small in-memory /queue-options with the server's rules (levels, unique numbers under a parent, subtree delete). */
function optionStore(queueId: number) {
  let nextId = 100;
  const rows: QueueOptionView[] = [];
  const parentOf = (value: unknown) => (value === -1 || value === '-1' || value === null || value === undefined ? null : Number(value));
  const taken = (parentId: number | null, option: number, except?: number) =>
    rows.some((row) => row.parentId === parentId && row.option === option && row.id !== except);
  const routes: Record<string, FakeRoute> = {
    'GET /queue-options': (call) => ({
      body: rows.filter(
        (row) => row.queueId === Number(call.query.get('queueId')) && row.parentId === parentOf(call.query.get('parentId')),
      ),
    }),
    'POST /queue-options': (call) => {
      const body = call.body as { parentId: number; title: string; message: string; option: number };
      const parentId = parentOf(body.parentId);
      if (taken(parentId, body.option)) return { status: 400, body: { error: 'ERR_VALIDATION' } };
      const row: QueueOptionView = {
        id: nextId++,
        companyId: 3,
        queueId,
        parentId,
        title: body.title,
        message: body.message,
        option: body.option,
        createdAt: '',
        updatedAt: '',
      };
      rows.push(row);
      return { status: 201, body: row };
    },
  };
  const update = (call: FakeCall) => {
    const id = Number(call.path.split('/').pop());
    const row = rows.find((candidate) => candidate.id === id)!;
    const body = call.body as Partial<QueueOptionView>;
    if (body.option !== undefined && taken(row.parentId, body.option, id)) return { status: 400, body: { error: 'ERR_VALIDATION' } };
    Object.assign(row, body);
    return { body: row };
  };
  const remove = (call: FakeCall) => {
    const doomed = [Number(call.path.split('/').pop())];
    for (let index = 0; index < doomed.length; index += 1)
      doomed.push(...rows.filter((row) => row.parentId === doomed[index]).map((row) => row.id));
    for (const id of doomed)
      rows.splice(
        rows.findIndex((row) => row.id === id),
        1,
      );
    return { body: { message: 'Option deleted' } };
  };
  return {
    rows,
    routes,
    idRoutes: (ids: number[]) =>
      Object.fromEntries(
        ids.flatMap((id) => [
          [`PUT /queue-options/${id}`, update],
          [`DELETE /queue-options/${id}`, remove],
        ]),
      ),
  };
}

// Under a shared, loaded CI machine the modal-heavy flows of this file outgrow the default 60 s.
jest.setTimeout(300_000);

const mount = () => renderWithLiveSocket([{ path: '*', element: <QueuesPage /> }], '/queues', aSessionUser({ profile: 'admin' }));

describe('queues page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('lists queues, validates the modal, creates a queue with the default hours and goes on editing it', async () => {
    const created = aQueue(7, { name: 'Vendas', greetingMessage: 'Bem-vindo às vendas' });
    api = fakeApi({
      'GET /queue': { body: [aQueue(1, { name: 'Suporte', orderQueue: 2, greetingMessage: 'Olá do suporte' })] },
      'GET /settings': { body: [] },
      'POST /queue': { status: 201, body: created },
      'GET /queue/7': { body: created },
      'GET /queue-options': { body: [] },
    });
    mount();
    const row = (await screen.findByText('Suporte')).closest('tr')!;
    expect(within(row).getByText('Olá do suporte')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('add-queue'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Dados da Fila' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Horários de Atendimento' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Salve a fila para montar as opções do chatbot.')).toBeInTheDocument();
    expect(await within(dialog).findByText('#004DCF')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'V' } });
    fireEvent.click(screen.getByTestId('queue-form-submit'));
    expect(await within(dialog).findByText('Muito curto!')).toBeInTheDocument();
    expect(api.callsTo('POST /queue')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Vendas' } });
    fireEvent.change(within(dialog).getByLabelText(/^Mensagem de saudação/), { target: { value: 'Bem-vindo às vendas' } });
    fireEvent.click(screen.getByTestId('queue-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /queue')).toHaveLength(1), { timeout: 3000 });
    const body = api.callsTo('POST /queue')[0]!.body as { schedules: { weekdayEn: string; startTime: string; endTime: string }[] };
    // 'Suporte' has the default colour: the new queue is offered the next unused preset
    expect(body).toMatchObject({
      name: 'Vendas',
      color: '#004dcf',
      orderQueue: null,
      greetingMessage: 'Bem-vindo às vendas',
      outOfHoursMessage: '',
      promptId: null,
    });
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules[5]).toEqual({ weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' });
    expect(await screen.findByText('Queue saved successfully')).toBeInTheDocument();
    expect(await within(dialog).findByText('Editar fila')).toBeInTheDocument();
    expect(await within(dialog).findByTestId('option-add-root')).toBeInTheDocument();
  });

  it("with the plan's integrations: attaches a flow to a queue in its dialog, and converts a connection's menus into a flow that opens in the editor", async () => {
    const queue = aQueue(1, { name: 'Suporte', flowId: null });
    api = fakeApi({
      'GET /queue': { body: [queue] },
      'GET /queue/1': { body: queue },
      'PUT /queue/1': (call) => ({ body: { ...queue, ...(call.body as object) } }),
      'GET /settings': { body: [] },
      'GET /queue-options': { body: [] },
      'GET /flows': { body: { flows: [{ id: 9, name: 'Pedidos', version: 2, createdAt: '', updatedAt: '' }], hasMore: false } },
      'GET /whatsapp/': { body: [{ id: 4, name: 'Loja', status: 'CONNECTED' }] },
      'POST /flows/from-queue-menu': { status: 201, body: { id: 12, name: 'Loja', version: null, nodes: [], edges: [] } },
    });
    renderWithLiveSocket(
      [
        { path: '/queues', element: <QueuesPage /> },
        { path: '/flows/:flowId', element: <div data-testid="flow-editor-opened" /> },
      ],
      '/queues',
      aSessionUser({ profile: 'admin', flags: { useIntegrations: true } }),
    );
    const row = (await screen.findByText('Suporte')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    // the form shows once the queue is loaded (slow under a loaded machine)
    fireEvent.mouseDown((await within(dialog).findByTestId('queue-flow', {}, { timeout: 10_000 })).querySelector('input')!);
    fireEvent.click(await screen.findByTitle('Pedidos', {}, { timeout: 5000 }));
    fireEvent.click(screen.getByTestId('queue-form-submit'));
    await waitFor(() => expect(api.callsTo('PUT /queue/1')).toHaveLength(1), { timeout: 3000 });
    expect(api.callsTo('PUT /queue/1')[0]!.body).toMatchObject({ name: 'Suporte', flowId: 9 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByTestId('queue-menu-to-flow'));
    const convert = await screen.findByRole('dialog');
    expect(screen.getByTestId('queue-menu-to-flow-submit')).toBeDisabled();
    fireEvent.mouseDown(within(convert).getByTestId('queue-menu-to-flow-connection').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('Loja'));
    fireEvent.click(screen.getByTestId('queue-menu-to-flow-submit'));
    await waitFor(() => expect(api.callsTo('POST /flows/from-queue-menu')).toHaveLength(1));
    expect(api.callsTo('POST /flows/from-queue-menu')[0]!.body).toEqual({ whatsappId: 4 });
    expect(await screen.findByTestId('flow-editor-opened')).toBeInTheDocument();
  });

  it("shows 'Horários de Atendimento' when the schedule type is 'queue' and sends the hours with the queue", async () => {
    const queue = aQueue(1, {
      name: 'Suporte',
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }],
    });
    api = fakeApi({
      'GET /queue': { body: [queue] },
      'GET /queue/1': { body: queue },
      'GET /settings': {
        body: [
          { key: 'scheduleType', value: 'queue' },
          { key: 'timezone', value: 'America/Recife' },
        ],
      },
      'GET /queue-options': { body: [] },
      'PUT /queue/1': (call) => ({ body: { ...queue, ...(call.body as object) } }),
    });
    mount();
    const row = (await screen.findByText('Suporte')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Horários de Atendimento' }));
    // the hours are read in the company's time zone, shown beside them
    expect(within(within(dialog).getByTestId('company-time-zone')).getByText('America/Recife')).toBeInTheDocument();
    const starts = within(dialog).getAllByLabelText(/^Início/);
    const ends = within(dialog).getAllByLabelText(/^Fim/);
    expect(starts).toHaveLength(7);
    expect(starts[0]).toHaveValue('09:00');
    expect(starts[1]).toHaveValue('08:00');
    fireEvent.change(ends[0]!, { target: { value: '0830' } });
    fireEvent.click(screen.getByTestId('queue-form-submit'));
    expect(await within(dialog).findByText('O fim não pode ser antes do início')).toBeInTheDocument();
    expect(api.callsTo('PUT /queue/1')).toHaveLength(0);

    fireEvent.change(ends[0]!, { target: { value: '1230' } });
    fireEvent.click(screen.getByTestId('queue-form-submit'));
    await waitFor(() => expect(api.callsTo('PUT /queue/1')).toHaveLength(1), { timeout: 3000 });
    const body = api.callsTo('PUT /queue/1')[0]!.body as { schedules: unknown[] };
    expect(body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '12:30' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  const openTree = async (store: ReturnType<typeof optionStore>) => {
    const queue = aQueue(1, { name: 'Suporte' });
    api = fakeApi({
      'GET /queue': { body: [queue] },
      'GET /queue/1': { body: queue },
      'GET /settings': { body: [] },
      ...store.routes,
      ...store.idRoutes([100, 101, 102, 103]),
    });
    mount();
    fireEvent.click(within((await screen.findByText('Suporte')).closest('tr')!).getByRole('button', { name: 'Editar' }));
    return screen.findByRole('dialog');
  };

  it('adds options at two levels of the tree and edits one', async () => {
    const store = optionStore(1);
    const dialog = await openTree(store);
    const addOption = async (buttonId: string, formId: string, title: string, message: string) => {
      fireEvent.click(await within(dialog).findByTestId(buttonId));
      const form = await within(dialog).findByTestId(formId);
      fireEvent.change(within(form).getByLabelText('Título'), { target: { value: title } });
      fireEvent.change(within(form).getByLabelText('Mensagem'), { target: { value: message } });
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(within(dialog).queryByTestId(formId)).not.toBeInTheDocument());
    };
    await addOption('option-add-root', 'option-new-root', 'Comercial', 'Fale com o comercial');
    await addOption('option-add-root', 'option-new-root', 'Financeiro', 'Boletos e notas');
    expect(await within(dialog).findByTestId('option-label-1')).toHaveTextContent('[1] Comercial');
    expect(await within(dialog).findByTestId('option-label-2')).toHaveTextContent('[2] Financeiro');
    await addOption('option-add-1', 'option-new-1', 'Planos', 'Nossos planos');
    expect(await within(dialog).findByTestId('option-label-1.1')).toHaveTextContent('[1] Planos');
    expect(store.rows.find((row) => row.title === 'Planos')).toMatchObject({ parentId: 100, option: 1, message: 'Nossos planos' });

    fireEvent.click(within(dialog).getByTestId('option-edit-button-2'));
    const edit = await within(dialog).findByTestId('option-edit-2');
    fireEvent.change(within(edit).getByLabelText('Título'), { target: { value: 'Financeiro e cobrança' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(dialog).getByTestId('option-label-2')).toHaveTextContent('[2] Financeiro e cobrança'));
    expect(api.callsTo('PUT /queue-options/101')[0]!.body).toEqual({
      title: 'Financeiro e cobrança',
      message: 'Boletos e notas',
      option: 2,
    });
  });

  it('reorders options through a free number and deletes a subtree', async () => {
    const store = optionStore(1);
    const row = (id: number, parentId: number | null, option: number, title: string): QueueOptionView => ({
      id,
      companyId: 3,
      queueId: 1,
      parentId,
      option,
      title,
      message: '',
      createdAt: '',
      updatedAt: '',
    });
    store.rows.push(row(100, null, 1, 'Comercial'), row(101, null, 2, 'Financeiro'), row(102, 100, 1, 'Planos'));
    const dialog = await openTree(store);
    expect(await within(dialog).findByTestId('option-label-1.1')).toHaveTextContent('[1] Planos');

    fireEvent.click(within(dialog).getByTestId('option-down-1'));
    await waitFor(() => expect(within(dialog).getByTestId('option-label-1')).toHaveTextContent('[1] Financeiro'));
    expect(within(dialog).getByTestId('option-label-2')).toHaveTextContent('[2] Comercial');
    expect(await within(dialog).findByTestId('option-label-2.1')).toHaveTextContent('[1] Planos');
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      ['/queue-options/100', { option: 3 }],
      ['/queue-options/101', { option: 1 }],
      ['/queue-options/100', { option: 2 }],
    ]);

    fireEvent.click(within(dialog).getByTestId('option-delete-2'));
    const confirm = await screen.findByText('As sub-opções desta opção também serão excluídas.');
    fireEvent.click(within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(within(dialog).queryByTestId('option-node-2')).not.toBeInTheDocument());
    expect(store.rows.map((option) => option.title)).toEqual(['Financeiro']);
  });
});

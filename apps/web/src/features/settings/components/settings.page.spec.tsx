import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

const shell = {
  'GET /version': { body: { version: '6.0.0' } },
  'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
  'GET /whatsapp/': { body: [] },
};

const OPTION_LABELS = [
  'Avaliações',
  'Gerenciamento de Expediente',
  'Ignorar Mensagens de Grupos',
  'Aceitar Chamada',
  'Tipo Chatbot',
  'Enviar saudação ao aceitar o ticket',
  'Enviar mensagem de transferência de Fila/agente',
  'Enviar saudação quando houver somente 1 fila',
  'Idioma das mensagens automáticas',
  'Token Asaas',
];

describe('settings page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('shows every option of spec 001 and saves a change as {key, value}', async () => {
    api = fakeApi({
      ...shell,
      'GET /settings': { body: [{ key: 'userRating', value: 'disabled' }] },
      'PUT /settings/userRating': { body: { key: 'userRating', value: 'enabled' } },
    });
    renderApp('/settings', aSessionUser({ profile: 'admin' }));
    const tabs = await screen.findByTestId('settings-tabs');
    for (const label of OPTION_LABELS) expect(within(tabs).getByText(label)).toBeInTheDocument();
    expect(within(tabs).queryByRole('tab', { name: 'Horários' })).not.toBeInTheDocument();
    expect(within(tabs).queryByRole('tab', { name: 'Empresas' })).not.toBeInTheDocument();

    const rating = screen.getByTestId('setting-userRating');
    fireEvent.mouseDown(within(rating).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Habilitadas'));
    expect(await screen.findByText('Operação atualizada com sucesso.')).toBeInTheDocument();
    expect(api.callsTo('PUT /settings/userRating')[0]!.body).toEqual({ key: 'userRating', value: 'enabled' });
  });

  it("adds the Horários tab when the schedule type is 'company' and saves the hours", async () => {
    api = fakeApi({
      ...shell,
      'GET /settings': { body: [{ key: 'scheduleType', value: 'company' }] },
      'GET /companies/3': { body: { id: 3, schedules: [] } },
      'PUT /companies/3/schedules': { body: { id: 3 } },
    });
    renderApp('/settings', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Horários' }));
    const form = await screen.findByTestId('schedules-form');
    expect(within(form).getByText('Segunda-feira')).toBeInTheDocument();
    expect(within(form).getByText('Domingo')).toBeInTheDocument();
    const starts = within(form).getAllByLabelText('Início');
    expect(starts).toHaveLength(7);
    expect(starts[0]).toHaveValue('08:00');
    fireEvent.change(starts[0]!, { target: { value: '0930' } });
    expect(starts[0]).toHaveValue('09:30');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Horários atualizados com sucesso.')).toBeInTheDocument();
    const body = api.callsTo('PUT /companies/3/schedules')[0]!.body as {
      id: number;
      schedules: { weekdayEn: string; startTime: string; endTime: string }[];
    };
    expect(body.id).toBe(3);
    expect(body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:30', endTime: '18:00' });
    expect(body.schedules[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' });
  });

  it('shows the company’s time zone beside its hours and saves another one', async () => {
    api = fakeApi({
      ...shell,
      'GET /settings': {
        body: [
          { key: 'scheduleType', value: 'company' },
          { key: 'timezone', value: 'America/Sao_Paulo' },
        ],
      },
      'GET /companies/3': { body: { id: 3, schedules: [] } },
      'PUT /settings/timezone': { body: { key: 'timezone', value: 'Asia/Tokyo' } },
    });
    renderApp('/settings', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Horários' }));
    const form = await screen.findByTestId('schedules-form');
    expect(within(form).getByText('Fuso horário')).toBeInTheDocument();
    const zone = within(form).getByTestId('company-time-zone');
    expect(within(zone).getByText('America/Sao_Paulo')).toBeInTheDocument();
    fireEvent.change(within(zone).getByRole('combobox'), { target: { value: 'Tokyo' } });
    fireEvent.click(await screen.findByTitle('Asia/Tokyo'));
    expect(await screen.findByText('Operação atualizada com sucesso.')).toBeInTheDocument();
    expect(api.callsTo('PUT /settings/timezone')[0]!.body).toEqual({ key: 'timezone', value: 'Asia/Tokyo' });
  });

  it('gives super users the Empresas, Planos and Ajuda tabs', async () => {
    api = fakeApi({
      ...shell,
      'GET /settings': { body: [] },
      'GET /companies/list': { body: [] },
      'GET /plans/all': { body: [] },
      'GET /helps/list': { body: [] },
    });
    renderApp('/settings', aSessionUser({ profile: 'admin', super: true }));
    for (const name of ['Empresas', 'Planos', 'Ajuda']) expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
  });

  it("colours companies by due date and moves the due date on with '+ Vencimento'", async () => {
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      return date.toISOString().slice(0, 10);
    };
    const company = (id: number, name: string, dueDate: string) => ({
      id,
      name,
      email: `${id}@x.com`,
      phone: null,
      status: true,
      dueDate,
      recurrence: 'MENSAL',
      planId: 1,
      plan: { id: 1, name: 'Plano' },
      settings: [],
      schedules: [],
      createdAt: '2025-01-01',
    });
    api = fakeApi({
      ...shell,
      'GET /settings': { body: [] },
      'GET /companies/list': {
        body: [
          company(1, 'Amarela', day(5)),
          company(2, 'Laranja', day(-2)),
          company(3, 'Vermelha', day(-10)),
          company(4, 'Normal', day(40)),
        ],
      },
      'GET /plans/all': { body: [{ id: 1, name: 'Plano' }] },
    });
    renderApp('/settings', aSessionUser({ profile: 'admin', super: true }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Empresas' }));
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    expect(await rowOf('Amarela')).toHaveClass('due-yellow');
    expect(await rowOf('Laranja')).toHaveClass('due-orange');
    expect(await rowOf('Vermelha')).toHaveClass('due-red');
    expect((await rowOf('Normal')).className).not.toMatch(/due-/);

    fireEvent.click(within(await rowOf('Normal')).getByRole('button', { name: 'Editar' }));
    const form = screen.getByTestId('company-form');
    const dueDate = within(form).getByLabelText('Vencimento');
    await waitFor(() => expect(dueDate).not.toHaveValue(''));
    const before = (dueDate as HTMLInputElement).value;
    fireEvent.click(screen.getByTestId('company-extend'));
    await waitFor(() => expect(dueDate).not.toHaveValue(before));
    const [dd, mm, yyyy] = before.split('/').map(Number);
    const expected = new Date(yyyy!, mm! - 1 + 1, dd!);
    if (expected.getDate() !== dd) expected.setDate(0);
    const format = (date: Date) =>
      `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
    expect(dueDate).toHaveValue(format(expected));
  });
});

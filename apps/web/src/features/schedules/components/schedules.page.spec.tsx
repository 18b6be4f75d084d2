import type { ScheduleView } from '@atrium/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { anApprovedTemplate } from '../../../../test/template-fixtures';
import { aContact } from '../../../../test/tickets-fixtures';
import SchedulesPage from './schedules.page';

function aSchedule(overrides: Partial<ScheduleView> = {}): ScheduleView {
  const now = new Date().toISOString();
  return {
    id: 1,
    companyId: 3,
    contactId: 50,
    userId: 1,
    whatsappId: null,
    body: 'Lembrete da consulta',
    sendAt: now,
    sentAt: null,
    status: 'AGENDADA',
    errorReason: null,
    sentLate: false,
    mediaPath: null,
    mediaName: null,
    template: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

const schedulesPage = (schedules: ScheduleView[]) => ({ body: { schedules, count: schedules.length, hasMore: false } });

describe('schedules page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it("shows each schedule on the calendar by its contact's name with its status, the count in the title, and follows live changes", async () => {
    let schedules = [
      aSchedule({ id: 1 }),
      aSchedule({
        id: 2,
        contactId: 51,
        status: 'ERRO',
        errorReason: 'ERR_WAPP_NOT_INITIALIZED',
        mediaName: 'foto.png',
        mediaPath: 'schedules/3/a.png',
      }),
    ];
    api = fakeApi({
      'GET /schedules': () => schedulesPage(schedules),
      'GET /contacts/50': { body: aContact({ id: 50, name: 'João Cliente' }) },
      'GET /contacts/51': { body: aContact({ id: 51, name: 'Maria Cliente' }) },
      'GET /schedules/2': () => ({ body: schedules[1] }),
    });
    const { socket } = renderWithLiveSocket([{ path: '*', element: <SchedulesPage /> }], '/schedules', aSessionUser());
    expect(await screen.findByText('Agendamentos (2)')).toBeInTheDocument();
    expect(await within(await screen.findByTestId('schedule-event-1')).findByText('João Cliente')).toBeInTheDocument();
    expect(await within(screen.getByTestId('schedule-event-2')).findByText('Maria Cliente')).toBeInTheDocument();
    expect(screen.getByTestId('schedule-event-2')).toHaveAttribute('data-status', 'ERRO');
    for (const label of ['Mês', 'Semana', 'Agendamentos', 'Dia', 'Agenda'])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();

    // a failed schedule's dialog says so, with the reason
    fireEvent.click(within(screen.getByTestId('schedule-event-2')).getByLabelText('Editar'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Erro de envio')).toBeInTheDocument();
    expect(within(dialog).getByTestId('schedule-error')).toHaveTextContent('ERR_WAPP_NOT_INITIALIZED');
    expect(within(dialog).getByTestId('schedule-attachment')).toHaveTextContent('foto.png');

    // sent, announced on company-{id}-schedule: the calendar reads the schedules again
    schedules = [aSchedule({ id: 1, status: 'ENVIADA', sentAt: new Date().toISOString() }), schedules[1]!];
    act(() => socket.serverEmits('company-3-schedule', { action: 'update', schedule: schedules[0] }));
    await waitFor(() => expect(screen.getByTestId('schedule-event-1')).toHaveAttribute('data-status', 'ENVIADA'));
  });

  it('?contactId= opens the dialog for that contact; the message needs 5 characters; saves the send time as an instant', async () => {
    const created = aSchedule({ id: 9, status: 'PENDENTE' });
    api = fakeApi({
      'GET /schedules': schedulesPage([]),
      'GET /contacts/50': { body: aContact({ id: 50, name: 'João Cliente' }) },
      'POST /schedules': { status: 201, body: created },
    });
    renderWithLiveSocket([{ path: '*', element: <SchedulesPage /> }], '/schedules?contactId=50', aSessionUser());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Adicionar agendamento')).toBeInTheDocument();
    expect(await within(dialog).findByText('João Cliente - 5511987654321')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByTestId('schedule-body'), { target: { value: 'oi' } });
    fireEvent.click(within(dialog).getByTestId('schedule-form-submit'));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeInTheDocument();
    expect(api.callsTo('POST /schedules')).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('schedule-body'), { target: { value: 'Olá {{firstName}}, lembrete' } });
    const before = Date.now();
    fireEvent.click(within(dialog).getByTestId('schedule-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /schedules')).toHaveLength(1));
    const sent = api.callsTo('POST /schedules')[0]!.body as { body: string; contactId: number; sendAt: string };
    expect(sent).toMatchObject({ body: 'Olá {{firstName}}, lembrete', contactId: 50 });
    // the default: 1 hour from now (to the minute)
    expect(Math.abs(Date.parse(sent.sendAt) - (before + 3_600_000))).toBeLessThan(90_000);
    expect(await screen.findByText('Agendamento salvo com sucesso!')).toBeInTheDocument();
  });

  it('on a Cloud API connection offers its approved templates (the campaign picker) and saves the one chosen with its values; another connection sends none', async () => {
    // the calendar watches the page's mouse-downs (an antd Select opens on one) and asks jsdom, which has no elementFromPoint
    if (typeof document.elementFromPoint !== 'function')
      Object.defineProperty(document, 'elementFromPoint', { value: () => null, configurable: true });
    const created = aSchedule({ id: 9, status: 'PENDENTE', whatsappId: 5 });
    api = fakeApi({
      'GET /schedules': schedulesPage([]),
      'GET /contacts/50': { body: aContact({ id: 50, name: 'João Cliente' }) },
      'GET /whatsapp/': {
        body: [
          { id: 2, name: 'Celular', provider: 'beta' },
          { id: 5, name: 'Oficial', provider: 'cloud' },
        ],
      },
      'GET /whatsapp/5/templates': {
        body: [anApprovedTemplate, { ...anApprovedTemplate, id: 2, name: 'em_analise', status: 'PENDING' }],
      },
      'POST /schedules': { status: 201, body: created },
    });
    renderWithLiveSocket([{ path: '*', element: <SchedulesPage /> }], '/schedules?contactId=50', aSessionUser());
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('João Cliente - 5511987654321');
    fireEvent.change(within(dialog).getByTestId('schedule-body'), { target: { value: 'Sua consulta é amanhã' } });
    // a Baileys connection: no template
    fireEvent.mouseDown(within(dialog).getByTestId('schedule-whatsapp').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('Celular'));
    expect(within(dialog).queryByTestId('campaign-template')).toBeNull();

    fireEvent.mouseDown(within(dialog).getByTestId('schedule-whatsapp').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('Oficial'));
    await within(dialog).findByTestId('campaign-template');
    expect(within(dialog).getByText(/se o contato não escreveu nas últimas 24 horas/)).toBeInTheDocument();
    // only approved templates are offered
    fireEvent.mouseDown(within(dialog).getByTestId('campaign-template-select').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('pedido_pronto (pt_BR)'));
    expect(screen.queryByTitle('em_analise (pt_BR)')).toBeNull();
    const first = within(dialog).getByTestId('campaign-template-body-0').querySelector('input')!;
    const second = within(dialog).getByTestId('campaign-template-body-1').querySelector('input')!;
    expect(first).toHaveValue('{nome}');

    // a variable left empty: not saved
    fireEvent.click(within(dialog).getByTestId('schedule-form-submit'));
    expect(await within(dialog).findByText('Preencha todas as variáveis do modelo')).toBeInTheDocument();
    expect(api.callsTo('POST /schedules')).toEqual([]);

    fireEvent.change(second, { target: { value: '4521' } });
    expect(within(dialog).getByTestId('campaign-template-preview')).toHaveTextContent('Olá {nome}, seu pedido 4521 está pronto');
    fireEvent.click(within(dialog).getByTestId('schedule-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /schedules')).toHaveLength(1));
    expect(api.callsTo('POST /schedules')[0]!.body).toMatchObject({
      body: 'Sua consulta é amanhã',
      contactId: 50,
      whatsappId: 5,
      template: { name: 'pedido_pronto', language: 'pt_BR', parameters: { body: ['{nome}', '4521'] } },
    });
  });

  it('uploads the chosen image after saving; when the upload fails, saving again updates the schedule it created', async () => {
    const created = aSchedule({ id: 9, status: 'PENDENTE' });
    let uploads = 0;
    api = fakeApi({
      'GET /schedules': schedulesPage([]),
      'GET /contacts/50': { body: aContact({ id: 50, name: 'João Cliente' }) },
      'POST /schedules': { status: 201, body: created },
      'PUT /schedules/9': { body: created },
      'POST /schedules/9/media-upload': () =>
        ++uploads === 1
          ? { status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'file', messages: ['the file is not a .png image'] }] } }
          : { status: 201, body: { ...created, mediaName: 'foto.png' } },
    });
    renderWithLiveSocket([{ path: '*', element: <SchedulesPage /> }], '/schedules?contactId=50', aSessionUser());
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('João Cliente - 5511987654321');
    fireEvent.change(within(dialog).getByTestId('schedule-body'), { target: { value: 'Segue a foto do pedido' } });
    // only png, jpg or jpeg are taken
    fireEvent.change(within(dialog).getByTestId('schedule-file'), {
      target: { files: [new File(['%PDF'], 'pedido.pdf', { type: 'application/pdf' })] },
    });
    expect(within(dialog).getByText('Apenas imagens png, jpg ou jpeg')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('schedule-file'), {
      target: { files: [new File(['png'], 'foto.png', { type: 'image/png' })] },
    });
    expect(within(dialog).getByTestId('schedule-attachment')).toHaveTextContent('foto.png');

    fireEvent.click(within(dialog).getByTestId('schedule-form-submit'));
    await waitFor(() => expect(uploads).toBe(1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // the button ignores clicks while it shows the save under way (antd's loading state)
    await waitFor(() => expect(within(dialog).getByTestId('schedule-form-submit')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(within(dialog).getByTestId('schedule-form-submit'));
    await waitFor(() => expect(uploads).toBe(2));
    expect(api.callsTo('POST /schedules')).toHaveLength(1);
    expect(api.callsTo('PUT /schedules/9')).toHaveLength(1);
    expect(await screen.findByText('Agendamento salvo com sucesso!')).toBeInTheDocument();
  });

  it('a sent schedule opens read-only, without the save button', async () => {
    const sent = aSchedule({ id: 4, status: 'ENVIADA', sentAt: new Date().toISOString() });
    api = fakeApi({
      'GET /schedules': schedulesPage([sent]),
      'GET /schedules/4': { body: sent },
      'GET /contacts/50': { body: aContact({ id: 50, name: 'João Cliente' }) },
    });
    renderWithLiveSocket([{ path: '*', element: <SchedulesPage /> }], '/schedules', aSessionUser());
    fireEvent.click(within(await screen.findByTestId('schedule-event-4')).getByLabelText('Editar'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('schedule-sent')).toBeInTheDocument();
    expect(within(dialog).getByText('Agendamento enviado')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('schedule-form-submit')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import MessagesApiPage from './messages-api.page';

describe('/messages-api page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('documents the endpoint and test-sends a text with the connection token (not the session), number digits only', async () => {
    api = fakeApi({ 'POST /api/messages/send': { status: 200, body: { mensagem: 'Mensagem enviada' } } });
    renderWithLiveSocket([{ path: '*', element: <MessagesApiPage /> }], '/messages-api', aSessionUser({ flags: { useExternalApi: true } }));
    expect((await screen.findByTestId('api-endpoint')).textContent).toMatch(/^POST .*\/api\/messages\/send$/);
    const form = screen.getByTestId('api-text-form');
    fireEvent.click(within(form).getByTestId('api-text-send'));
    expect(await within(form).findAllByText('Obrigatório')).toHaveLength(3);
    fireEvent.change(within(form).getByLabelText('Token cadastrado'), { target: { value: 'conn-token-123' } });
    fireEvent.change(within(form).getByLabelText('Número'), { target: { value: '(11) 99999-9999' } });
    fireEvent.change(within(form).getByLabelText('Mensagem'), { target: { value: 'Olá!' } });
    fireEvent.click(within(form).getByTestId('api-text-send'));
    expect(await within(form).findByText('Somente dígitos: código do país, DDD e número')).toBeInTheDocument();
    expect(api.callsTo('POST /api/messages/send')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Número'), { target: { value: '5511999999999' } });
    fireEvent.click(within(form).getByTestId('api-text-send'));
    await waitFor(() => expect(api.callsTo('POST /api/messages/send')).toHaveLength(1));
    const call = api.callsTo('POST /api/messages/send')[0]!;
    expect(call.body).toEqual({ number: '5511999999999', body: 'Olá!' });
    expect(call.authorization).toBe('Bearer conn-token-123');
  }, 60_000);
});

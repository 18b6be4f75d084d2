import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TagView } from '@atrium/contracts';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { page } from '../../../../test/tickets-fixtures';
import TagsPage from './tags.page';

const vip: TagView = {
  id: 1,
  companyId: 3,
  name: 'VIP',
  color: '#f5222d',
  kanban: 0,
  userId: null,
  ticketsCount: 12,
  createdAt: '',
  updatedAt: '',
};

describe('tags page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('lists tags with their ticket counts; the form wants 3 characters and shows Kanban only to admins', async () => {
    api = fakeApi({ 'GET /tags/': { body: page('tags', [vip]) }, 'POST /tags': { status: 201, body: { ...vip, id: 2, name: 'Novo' } } });
    renderWithLiveSocket([{ path: '*', element: <TagsPage /> }], '/tags', aSessionUser({ profile: 'user' }));
    const row = (await screen.findByText('VIP')).closest('tr')!;
    expect(within(row).getByText('12')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('add-tag'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Kanban')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId('tag-form-submit'));
    expect(await within(dialog).findByText('Obrigatório')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'ab' } });
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Novo' } });
    fireEvent.click(within(dialog).getByTestId('tag-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /tags')).toHaveLength(1));
    expect(api.callsTo('POST /tags')[0]!.body).toEqual({ name: 'Novo', color: '#1677ff' });
    expect(await screen.findByText('Tag salva com sucesso.')).toBeInTheDocument();
  });

  it('lets admins make a tag a kanban lane', async () => {
    api = fakeApi({ 'GET /tags/': { body: page('tags', []) }, 'POST /tags': { status: 201, body: vip } });
    renderWithLiveSocket([{ path: '*', element: <TagsPage /> }], '/tags', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByTestId('add-tag'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Funil' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByTestId('tag-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /tags')).toHaveLength(1));
    expect(api.callsTo('POST /tags')[0]!.body).toEqual({ name: 'Funil', color: '#1677ff', kanban: 1 });
  });
});

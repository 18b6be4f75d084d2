import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

describe('help page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('shows the videos with their count and plays one in a modal that Escape closes', async () => {
    api = fakeApi({
      'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
      'GET /helps/list': {
        body: [
          { id: 1, title: 'Primeiros passos', video: 'abc123', description: 'Como começar', createdAt: '', updatedAt: '' },
          { id: 2, title: 'Conexões', video: 'def456', description: 'Conecte o WhatsApp', createdAt: '', updatedAt: '' },
        ],
      },
    });
    renderApp('/helps', aSessionUser({ profile: 'user' }));
    expect(await screen.findByRole('heading', { name: 'Ajuda (2)' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Conexões', { selector: '.ant-card-meta-title' }));
    const player = await screen.findByTitle('Conexões');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube.com/embed/def456?autoplay=1');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.querySelector('iframe')).toBeNull());
  });
});

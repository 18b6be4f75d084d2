import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

function storedTasks(): { text: string; createdAt: string; updatedAt: string }[] {
  return JSON.parse(window.localStorage.getItem('tasks') ?? '[]') as { text: string; createdAt: string; updatedAt: string }[];
}

describe('to-do page', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = fakeApi({ 'GET /announcements/': { body: { records: [], count: 0, hasMore: false } } });
  });
  afterEach(() => api.restore());

  it('adds, edits and deletes tasks kept in localStorage under "tasks"; blank text is ignored', async () => {
    renderApp('/todolist', aSessionUser({ profile: 'user' }));
    const input = await screen.findByTestId('todo-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('todo-submit'));
    expect(storedTasks()).toEqual([]);

    fireEvent.change(input, { target: { value: 'Ligar para a Ana' } });
    fireEvent.click(screen.getByTestId('todo-submit'));
    const list = await screen.findByTestId('todo-list');
    expect(within(list).getByText('Ligar para a Ana')).toBeInTheDocument();
    expect(storedTasks()).toEqual([expect.objectContaining({ text: 'Ligar para a Ana' })]);

    fireEvent.click(within(list).getByRole('button', { name: 'Editar' }));
    expect(screen.getByTestId('todo-submit')).toHaveTextContent('Salvar');
    fireEvent.change(input, { target: { value: 'Ligar para a Ana às 15h' } });
    fireEvent.click(screen.getByTestId('todo-submit'));
    expect(await within(list).findByText('Ligar para a Ana às 15h')).toBeInTheDocument();
    expect(screen.getByTestId('todo-submit')).toHaveTextContent('Adicionar');
    const [task] = storedTasks();
    expect(task!.text).toBe('Ligar para a Ana às 15h');

    fireEvent.click(within(list).getByRole('button', { name: 'Excluir' }));
    expect(storedTasks()).toEqual([]);
  });

  it('shows the tasks already in the browser', async () => {
    window.localStorage.setItem(
      'tasks',
      JSON.stringify([{ text: 'Antiga', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }]),
    );
    renderApp('/todolist', aSessionUser({ profile: 'user' }));
    expect(await screen.findByText('Antiga')).toBeInTheDocument();
  });
});

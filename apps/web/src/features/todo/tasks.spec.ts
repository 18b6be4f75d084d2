import { addTask, editTask, parseTasks, removeTask } from './tasks';

describe('to-do tasks', () => {
  const monday = new Date('2025-06-09T10:00:00.000Z');
  const tuesday = new Date('2025-06-10T10:00:00.000Z');

  it('adds a task with its text and timestamps, ignoring blank text', () => {
    const tasks = addTask([], '  Ligar para o cliente ', monday);
    expect(tasks).toEqual([{ text: 'Ligar para o cliente', createdAt: monday.toISOString(), updatedAt: monday.toISOString() }]);
    expect(addTask(tasks, '   ', tuesday)).toEqual(tasks);
  });

  it('edits the text and the update time only', () => {
    const [task] = editTask(addTask([], 'a', monday), 0, 'b', tuesday);
    expect(task).toEqual({ text: 'b', createdAt: monday.toISOString(), updatedAt: tuesday.toISOString() });
  });

  it('removes a task', () => {
    const tasks = addTask(addTask([], 'a', monday), 'b', monday);
    expect(removeTask(tasks, 0).map((task) => task.text)).toEqual(['b']);
  });

  it('drops what is not a task when reading storage', () => {
    expect(parseTasks([{ text: 'ok', createdAt: 'x', updatedAt: 'y' }, { text: 3 }, 'nope'])).toHaveLength(1);
    expect(parseTasks({})).toEqual([]);
  });
});

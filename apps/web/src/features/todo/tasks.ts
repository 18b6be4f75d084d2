/** A to-do kept only in the browser under the key `tasks` (spec 000 section 2). */
export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

function isTask(value: unknown): value is Task {
  const task = value as Partial<Task> | null;
  return typeof task?.text === 'string' && typeof task.createdAt === 'string' && typeof task.updatedAt === 'string';
}

export function parseTasks(value: unknown): Task[] {
  return Array.isArray(value) ? value.filter(isTask) : [];
}

/** Blank text is ignored (spec 000 section 5): the list comes back unchanged. */
export function addTask(tasks: readonly Task[], text: string, now: Date = new Date()): Task[] {
  const trimmed = text.trim();
  if (!trimmed) return [...tasks];
  const stamp = now.toISOString();
  return [...tasks, { text: trimmed, createdAt: stamp, updatedAt: stamp }];
}

export function editTask(tasks: readonly Task[], index: number, text: string, now: Date = new Date()): Task[] {
  const trimmed = text.trim();
  if (!trimmed || !tasks[index]) return [...tasks];
  return tasks.map((task, position) => (position === index ? { ...task, text: trimmed, updatedAt: now.toISOString() } : task));
}

export function removeTask(tasks: readonly Task[], index: number): Task[] {
  return tasks.filter((_, position) => position !== index);
}

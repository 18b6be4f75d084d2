import { useCallback, useState } from 'react';
import { readJson, StorageKey, writeJson } from '../../../shared/storage/local-storage';
import { parseTasks, type Task } from '../tasks';

/** The to-do list, read from and written back to localStorage `tasks`. */
export function useTasks(): [Task[], (next: Task[]) => void] {
  const [tasks, setTasks] = useState<Task[]>(() => parseTasks(readJson<unknown>(StorageKey.tasks, [])));
  const save = useCallback((next: Task[]) => {
    writeJson(StorageKey.tasks, next);
    setTasks(next);
  }, []);
  return [tasks, save];
}

import { useCallback, useState } from 'react';

/**
 * The attachment of a record's form before it is saved: a file chosen (uploaded on save), or the
 * saved attachment removed (deleted on save), or neither.
 */
export function usePendingAttachment() {
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const choose = useCallback((chosen: File) => {
    setFile(chosen);
    setRemoved(false);
  }, []);
  const remove = useCallback(() => {
    setFile(null);
    setRemoved(true);
  }, []);
  const reset = useCallback(() => {
    setFile(null);
    setRemoved(false);
  }, []);
  /** The name to show: the file chosen, else the saved attachment's unless it was removed. */
  const shownName = (savedName: string | null | undefined): string | null => file?.name ?? (removed ? null : (savedName ?? null));
  return { file, removed, choose, remove, reset, shownName };
}

export type PendingAttachment = ReturnType<typeof usePendingAttachment>;

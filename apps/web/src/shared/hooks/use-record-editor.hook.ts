import { useState } from 'react';

/** State of a list page's add/edit dialog: open or not, and the record edited (null: a new one). */
export function useRecordEditor() {
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  return {
    open: editing.open,
    id: editing.id,
    add: () => setEditing({ open: true, id: null }),
    edit: (id: number) => setEditing({ open: true, id }),
    close: () => setEditing({ open: false, id: null }),
  };
}

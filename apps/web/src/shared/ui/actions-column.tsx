import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/** The last column of a list table: the row's action buttons, centred. */
export function actionsColumn<Row>(title: string, width: number, render: (record: Row) => ReactNode): TableColumnType<Row> {
  return { title, key: 'actions', align: 'center', width, render: (_, record) => render(record) };
}

import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { SearchedPages } from '../hooks/use-searched-pages.hook';
import { InfiniteScrollArea } from './infinite-scroll-area.component';

/** The search box of a list page's header. */
export function ListSearchInput({ placeholder, value, onChange, testId }: { placeholder: string; value: string; onChange: (value: string) => void; testId: string }) {
  return <Input allowClear prefix={<SearchOutlined />} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} className="page-search" data-testid={testId} />;
}

/** The primary "add" button of a list page's header. */
export function AddRecordButton({ onClick, testId, children }: { onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

export interface InfiniteRecordTableProps<Row> {
  /** The list's search and pages (useSearchedPages). */
  list: SearchedPages<Row>;
  columns: TableColumnsType<Row>;
  /** data-testid of the scrolling area. */
  scrollTestId: string;
  /** data-testid of the table. */
  tableTestId: string;
  scroll?: TableProps<Row>['scroll'];
  /** Shown instead of antd's default when there is no record. */
  emptyText?: ReactNode;
}

/** The card of a list page: a table of the records loaded, the next page loading near its bottom. */
export function InfiniteRecordTable<Row extends { id: number }>({ list, columns, scrollTestId, tableTestId, scroll, emptyText }: InfiniteRecordTableProps<Row>) {
  return (
    <Card className="page-card" styles={{ body: { padding: 0 } }}>
      <InfiniteScrollArea testId={scrollTestId} hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage}>
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.records}
          loading={list.isFetching && list.records.length === 0}
          pagination={false}
          locale={emptyText === undefined ? undefined : { emptyText }}
          data-testid={tableTestId}
          scroll={scroll}
        />
      </InfiniteScrollArea>
    </Card>
  );
}

import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { SearchedPages } from '../hooks/use-searched-pages.hook';
import { InfiniteScrollArea } from './infinite-scroll-area.component';
import { PageHeader } from './page-header';

export interface ListPageHeaderProps {
  title: ReactNode;
  /** The list's search and pages (useSearchedPages): the search box edits its search. */
  list: SearchedPages<unknown>;
  searchPlaceholder: string;
  /** data-testid of the search box. */
  searchTestId: string;
  addText: ReactNode;
  onAdd: () => void;
  /** data-testid of the add button. */
  addTestId: string;
  /** More buttons, between the search box and the add button. */
  children?: ReactNode;
}

/** The title row of a searchable list page: title, then the search box and the primary "add" button. */
export function ListPageHeader({ title, list, searchPlaceholder, searchTestId, addText, onAdd, addTestId, children }: ListPageHeaderProps) {
  return (
    <PageHeader
      title={title}
      extra={
        <>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={searchPlaceholder}
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            className="page-search"
            data-testid={searchTestId}
          />
          {children}
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
            {addText}
          </Button>
        </>
      }
    />
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
export function InfiniteRecordTable<Row extends { id: number }>({
  list,
  columns,
  scrollTestId,
  tableTestId,
  scroll,
  emptyText,
}: InfiniteRecordTableProps<Row>) {
  return (
    <Card className="page-card" styles={{ body: { padding: 0 } }}>
      <InfiniteScrollArea
        testId={scrollTestId}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      >
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

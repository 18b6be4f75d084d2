import { ApartmentOutlined } from '@ant-design/icons';
import type { FlowSummaryView } from '@atrium/contracts';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRecordEditor } from '../../../shared/hooks/use-record-editor.hook';
import { useSearchedPages } from '../../../shared/hooks/use-searched-pages.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { actionsColumn } from '../../../shared/ui/actions-column';
import { InfiniteRecordTable, ListPageHeader } from '../../../shared/ui/record-list.component';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useDeleteFlowMutation, useFlowsPageInfiniteQuery } from '../../../shared/api/flows.api';
import { FlowNameModal } from './flow-name.modal';

/** /flows (issue 27, plan useIntegrations, admins): the company's flows; create, rename, delete, open the editor. */
export default function FlowsPage() {
  const { t } = useTranslation('flows');
  const confirm = useConfirmDelete();
  const list = useSearchedPages(useFlowsPageInfiniteQuery, (page) => page.flows);
  const [remove] = useDeleteFlowMutation();
  const naming = useRecordEditor();
  useErrorPopup(list.isError ? list.error : null);

  const columns: TableColumnsType<FlowSummaryView> = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      render: (_, flow) => (
        <Link to={`/flows/${flow.id}`} data-testid={`flow-link-${flow.id}`}>
          {flow.name}
        </Link>
      ),
    },
    {
      title: t('columns.version'),
      dataIndex: 'version',
      width: 160,
      align: 'center',
      render: (_, flow) =>
        flow.version === null ? (
          <Tag>{t('status.draft')}</Tag>
        ) : (
          <Tag color="green">{t('status.published', { version: flow.version })}</Tag>
        ),
    },
    actionsColumn(t('columns.actions'), 150, (flow) => (
      <>
        <Tooltip title={t('open')}>
          <Link to={`/flows/${flow.id}`}>
            <Button type="text" icon={<ApartmentOutlined />} aria-label={t('open')} />
          </Link>
        </Tooltip>
        <RowActions
          onEdit={() => naming.edit(flow.id)}
          onDelete={() =>
            confirm({
              title: t('delete.title', { name: flow.name }),
              content: t('delete.content'),
              remove: () => remove(flow.id).unwrap(),
              deletedText: t('toasts.deleted'),
            })
          }
        />
      </>
    )),
  ];

  return (
    <div className="page page-fill">
      <ListPageHeader
        title={t('title')}
        list={list}
        searchPlaceholder={t('search')}
        searchTestId="flows-search"
        addText={t('add')}
        onAdd={naming.add}
        addTestId="add-flow"
      />
      <InfiniteRecordTable<FlowSummaryView>
        list={list}
        columns={columns}
        scrollTestId="flows-scroll"
        tableTestId="flows-table"
        emptyText={t('empty')}
      />
      <FlowNameModal open={naming.open} flowId={naming.id} onClose={naming.close} />
    </div>
  );
}

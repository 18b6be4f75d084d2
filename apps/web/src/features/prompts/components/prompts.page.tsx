import { PlusOutlined } from '@ant-design/icons';
import type { PromptView } from '@atrium/contracts';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useDeletePromptMutation, usePromptListQuery } from '../../../shared/api/prompts.api';
import { PromptFormModal } from './prompt-form.modal';

/** /prompts (spec 001 "AI prompts", plan flag useOpenAi): name, queue and maxTokens of each prompt; add/edit/delete; live through `company-{id}-prompt`. */
export default function PromptsPage() {
  const { t } = useTranslation('prompts');
  const confirm = useConfirmDelete();
  const { data: prompts = [], isFetching, isError, error } = usePromptListQuery();
  const [deletePrompt] = useDeletePromptMutation();
  const [editing, setEditing] = useState<{ open: boolean; promptId: number | null }>({ open: false, promptId: null });
  useErrorPopup(isError ? error : null);

  const columns: TableColumnsType<PromptView> = [
    { title: t('columns.name'), dataIndex: 'name', render: (name: string) => <span data-testid="prompt-name">{name}</span> },
    { title: t('columns.queue'), key: 'queue', render: (_, prompt) => prompt.queue?.name ?? '' },
    { title: t('columns.maxTokens'), dataIndex: 'maxTokens', align: 'center', width: 140 },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_, prompt) => (
        <RowActions
          onEdit={() => setEditing({ open: true, promptId: prompt.id })}
          onDelete={() =>
            confirm({
              title: t('delete.title', { name: prompt.name }),
              remove: () => deletePrompt(prompt.id).unwrap(),
              deletedText: t('toasts.deleted'),
            })
          }
        />
      ),
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('title')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, promptId: null })}
            data-testid="add-prompt"
          >
            {t('add')}
          </Button>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <Table<PromptView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={prompts}
          loading={isFetching && prompts.length === 0}
          pagination={false}
          locale={{ emptyText: t('empty') }}
          data-testid="prompts-table"
        />
      </Card>
      <PromptFormModal open={editing.open} promptId={editing.promptId} onClose={() => setEditing({ open: false, promptId: null })} />
    </div>
  );
}

import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { QueueOptionView } from '@atrium/contracts';
import { Button, Form, Input, InputNumber, Space, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import {
  useCreateQueueOptionMutation,
  useDeleteQueueOptionMutation,
  useQueueOptionsQuery,
  useUpdateQueueOptionMutation,
} from '../api/queues.api';
import { byOptionNumber, moveSteps, nextOptionNumber } from '../option-order';

interface OptionFormValues {
  option: number;
  title: string;
  message: string;
}

/** The inline form of one option (new or edited): number, title, message. */
function OptionForm({
  initial,
  testId,
  onSave,
  onCancel,
}: {
  initial: OptionFormValues;
  testId: string;
  onSave: (values: OptionFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('queues');
  const [saving, setSaving] = useState(false);
  const finish = async (values: OptionFormValues) => {
    setSaving(true);
    try {
      await onSave({ ...values, title: values.title.trim() });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<OptionFormValues>
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void finish(values)}
      className="queue-option-form"
      data-testid={testId}
    >
      <Space align="start" wrap>
        <Form.Item
          name="option"
          label={t('options.number')}
          rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }]}
        >
          <InputNumber min={1} max={99} precision={0} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('options.title')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required', { ns: 'common' }) },
            { max: 100, message: t('validation.tooLong', { ns: 'common' }) },
          ]}
        >
          <Input autoFocus autoComplete="off" style={{ minWidth: 240 }} />
        </Form.Item>
      </Space>
      <Form.Item name="message" label={t('options.message')}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" size="small" loading={saving}>
          {t('save', { ns: 'common' })}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('cancel', { ns: 'common' })}
        </Button>
      </Space>
    </Form>
  );
}

/** One option: its header (number, title, move, edit, add child, delete), its edit form and its children. */
function OptionNode({
  node,
  siblings,
  path,
  queueId,
}: {
  node: QueueOptionView;
  siblings: QueueOptionView[];
  path: string;
  queueId: number;
}) {
  const { t } = useTranslation('queues');
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState(false);
  const [updateOption] = useUpdateQueueOptionMutation();
  const [deleteOption] = useDeleteQueueOptionMutation();
  const ordered = byOptionNumber(siblings);
  const index = ordered.findIndex((sibling) => sibling.id === node.id);

  const move = async (direction: -1 | 1) => {
    const steps = moveSteps(siblings, node.id, direction);
    if (!steps?.length) return;
    setMoving(true);
    try {
      for (const step of steps) await updateOption(step).unwrap();
    } catch (error) {
      toastError(error);
    } finally {
      setMoving(false);
    }
  };

  const save = async (values: OptionFormValues) => {
    try {
      await updateOption({ id: node.id, ...values }).unwrap();
      toast.success(t('options.saved'));
      setEditing(false);
    } catch (error) {
      toastError(error);
    }
  };

  const action = (label: string, icon: React.ReactNode, onClick: () => void, testId: string, disabled = false, danger = false) => (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        onClick={onClick}
        disabled={disabled || moving}
        danger={danger}
        data-testid={testId}
      />
    </Tooltip>
  );

  return (
    <li className="queue-option" data-testid={`option-node-${path}`}>
      {editing ? (
        <OptionForm
          initial={{ option: node.option, title: node.title, message: node.message }}
          testId={`option-edit-${path}`}
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="queue-option-header">
          <Typography.Text strong data-testid={`option-label-${path}`}>
            [{node.option}] {node.title}
          </Typography.Text>
          {node.message ? (
            <Typography.Text type="secondary" ellipsis className="queue-option-message">
              {node.message}
            </Typography.Text>
          ) : null}
          <Space size={0} className="queue-option-actions">
            {action(t('options.moveUp'), <ArrowUpOutlined />, () => void move(-1), `option-up-${path}`, index <= 0)}
            {action(t('options.moveDown'), <ArrowDownOutlined />, () => void move(1), `option-down-${path}`, index === ordered.length - 1)}
            {action(t('edit', { ns: 'common' }), <EditOutlined />, () => setEditing(true), `option-edit-button-${path}`)}
            {action(t('options.addChild'), <PlusOutlined />, () => setAdding(true), `option-add-${path}`)}
            {action(
              t('delete', { ns: 'common' }),
              <DeleteOutlined />,
              () =>
                confirm({
                  title: t('options.deleteTitle', { title: node.title }),
                  content: t('options.deleteContent'),
                  remove: () => deleteOption(node.id).unwrap(),
                  deletedText: t('options.deleted'),
                }),
              `option-delete-${path}`,
              false,
              true,
            )}
          </Space>
        </div>
      )}
      <OptionLevel queueId={queueId} parentId={node.id} path={path} adding={adding} onAddingChange={setAdding} />
    </li>
  );
}

/**
 * One level of the tree (the root or an option's children) with its inline 'new option' form.
 * `path` names nodes by their option numbers ('1', '1.2') for tests and screen readers.
 */
function OptionLevel({
  queueId,
  parentId,
  path,
  adding,
  onAddingChange,
}: {
  queueId: number;
  parentId: number | null;
  path: string;
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}) {
  const { t } = useTranslation('queues');
  const { data: options, isLoading } = useQueueOptionsQuery({ queueId, parentId });
  const [createOption] = useCreateQueueOptionMutation();
  const siblings = options ?? [];

  const create = async (values: OptionFormValues) => {
    try {
      await createOption({ queueId, parentId, ...values }).unwrap();
      toast.success(t('options.saved'));
      onAddingChange(false);
    } catch (error) {
      toastError(error);
    }
  };

  if (isLoading) return <Spin size="small" />;
  if (siblings.length === 0 && !adding) return null;
  return (
    <ul className="queue-option-level">
      {byOptionNumber(siblings).map((node) => (
        <OptionNode
          key={node.id}
          node={node}
          siblings={siblings}
          path={path ? `${path}.${node.option}` : String(node.option)}
          queueId={queueId}
        />
      ))}
      {adding ? (
        <li className="queue-option">
          <OptionForm
            initial={{ option: nextOptionNumber(siblings) ?? 1, title: '', message: '' }}
            testId={`option-new-${path || 'root'}`}
            onSave={create}
            onCancel={() => onAddingChange(false)}
          />
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The queue's option tree (spec 001 "Queue option"): the chatbot menu the customer walks by
 * number. Add, edit, reorder and delete options at any depth; each change is saved at once
 * through /queue-options (deleting an option deletes its subtree).
 */
export function OptionTree({ queueId }: { queueId: number }) {
  const { t } = useTranslation('queues');
  const [adding, setAdding] = useState(false);
  return (
    <div className="queue-option-tree" data-testid="option-tree">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('options.heading')}</Typography.Text>
        <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="option-add-root">
          {t('options.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('options.help')}
      </Typography.Paragraph>
      <OptionLevel queueId={queueId} parentId={null} path="" adding={adding} onAddingChange={setAdding} />
    </div>
  );
}

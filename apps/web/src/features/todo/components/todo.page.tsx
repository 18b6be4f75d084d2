import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/dates';
import { PageHeader } from '../../../shared/ui/page-header';
import { useTasks } from '../hooks/use-tasks.hook';
import { addTask, editTask, removeTask } from '../tasks';

/** /todolist: add, edit (the button becomes save) and delete tasks kept in this browser. */
export default function TodoPage() {
  const { t } = useTranslation('todo');
  const [tasks, saveTasks] = useTasks();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const submit = () => {
    if (!text.trim()) return;
    saveTasks(editing === null ? addTask(tasks, text) : editTask(tasks, editing, text));
    setText('');
    setEditing(null);
  };

  return (
    <div className="page page-narrow">
      <PageHeader title={t('title')} />
      <Card>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={text}
            placeholder={t('placeholder')}
            onChange={(event) => setText(event.target.value)}
            onPressEnter={submit}
            aria-label={t('placeholder')}
            data-testid="todo-input"
          />
          <Button type="primary" icon={editing === null ? <PlusOutlined /> : <CheckOutlined />} onClick={submit} data-testid="todo-submit">
            {editing === null ? t('add') : t('save')}
          </Button>
        </Space.Compact>
      </Card>
      <Card style={{ marginTop: 16 }} styles={{ body: { padding: tasks.length === 0 ? undefined : 0 } }}>
        {tasks.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <ul className="todo-list" data-testid="todo-list">
            {tasks.map((task, index) => (
              <li key={`${task.createdAt}-${index}`} className={editing === index ? 'todo-item todo-item-editing' : 'todo-item'}>
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text style={{ wordBreak: 'break-word' }}>{task.text}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(task.updatedAt)}
                  </Typography.Text>
                </Flex>
                <Space>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('edit')}
                    onClick={() => {
                      setEditing(index);
                      setText(task.text);
                    }}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('delete')}
                    onClick={() => {
                      saveTasks(removeTask(tasks, index));
                      if (editing === index) {
                        setEditing(null);
                        setText('');
                      }
                    }}
                  />
                </Space>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

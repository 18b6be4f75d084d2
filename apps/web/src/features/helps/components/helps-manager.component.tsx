import { EditOutlined } from '@ant-design/icons';
import type { HelpView } from '@atrium/contracts';
import { Button, Card, Col, Form, Input, Row, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { ManagerActions } from '../../../shared/ui/manager-actions.component';
import { FORM_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { lengthRules } from '../../../shared/ui/validation-rules';
import { useCreateHelpMutation, useDeleteHelpMutation, useHelpsQuery, useUpdateHelpMutation, type HelpInput } from '../api/helps.api';

const EMPTY: HelpInput = { title: '', video: '', description: '' };

/** Ajuda tab (super users): the help videos everyone sees on /helps. */
export function HelpsManager() {
  const { t } = useTranslation('helps');
  const [form] = Form.useForm<HelpInput>();
  const [editing, setEditing] = useState<HelpView | null>(null);
  const { data: helps, isFetching, isError } = useHelpsQuery();
  const [createHelp, creating] = useCreateHelpMutation();
  const [updateHelp, updating] = useUpdateHelpMutation();
  const [deleteHelp] = useDeleteHelpMutation();
  useErrorPopup(isError, t('manager.loadFailed', { ns: 'common' }));

  const clear = () => {
    setEditing(null);
    form.resetFields();
  };

  const submit = async (values: HelpInput) => {
    const input: HelpInput = {
      title: values.title.trim(),
      video: (values.video ?? '').trim(),
      description: (values.description ?? '').trim(),
    };
    await submitDelay(FORM_SUBMIT_DELAY_MS);
    try {
      if (editing) await updateHelp({ id: editing.id, ...input }).unwrap();
      else await createHelp(input).unwrap();
      toast.success(t('manager.saved', { ns: 'common' }));
      clear();
    } catch {
      toast.error(t('manager.saveFailedHelp'));
    }
  };

  const remove = async () => {
    if (!editing) return;
    try {
      await deleteHelp(editing.id).unwrap();
      toast.success(t('manager.saved', { ns: 'common' }));
      clear();
    } catch {
      toast.error(t('manager.deleteFailed', { ns: 'common' }));
    }
  };

  const columns: TableColumnsType<HelpView> = [
    {
      key: 'edit',
      width: 56,
      render: (_, help) => (
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('edit', { ns: 'common' })}
          onClick={() => {
            setEditing(help);
            form.setFieldsValue({ title: help.title, video: help.video, description: help.description });
          }}
        />
      ),
    },
    { title: t('manager.title'), dataIndex: 'title', ellipsis: true },
    { title: t('manager.video'), dataIndex: 'video', ellipsis: true },
    { title: t('manager.description'), dataIndex: 'description', ellipsis: true, responsive: ['md'] },
  ];

  return (
    <div className="manager">
      <Card size="small" title={editing ? t('manager.editTitle') : t('manager.newTitle')}>
        <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={(values) => void submit(values)} data-testid="help-form">
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="title" label={t('manager.title')} rules={lengthRules(t, 1, 200)}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="video"
                label={t('manager.video')}
                extra={t('manager.videoHelp')}
                rules={[{ max: 200, message: t('validation.tooLong', { ns: 'common' }) }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="description"
                label={t('manager.description')}
                rules={[{ max: 5000, message: t('validation.tooLong', { ns: 'common' }) }]}
              >
                <Input.TextArea rows={3} />
              </Form.Item>
            </Col>
          </Row>
          <ManagerActions
            testId="help"
            editing={editing !== null}
            saving={creating.isLoading || updating.isLoading}
            onClear={clear}
            onDelete={remove}
          />
        </Form>
      </Card>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <Table<HelpView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={helps ?? []}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 600 }}
        />
      </Card>
    </div>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import type { TicketView } from '@atrium/contracts';
import { App, Button, Empty, Flex, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/dates';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { MODAL_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { useAddTicketNoteMutation, useDeleteTicketNoteMutation, useTicketNotesQuery } from '../api/ticket-notes.api';

/** Internal notes of the ticket's contact (spec 000 sections 2, 5 and 8): at least 2 characters; deleting asks first. */
export function TicketNotes({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation('contacts');
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const { data: notes } = useTicketNotesQuery({ ticketId: ticket.id, contactId: ticket.contactId });
  const [addNote, adding] = useAddTicketNoteMutation();
  const [deleteNote] = useDeleteTicketNoteMutation();

  const submit = async ({ note }: { note: string }) => {
    await submitDelay(MODAL_SUBMIT_DELAY_MS);
    try {
      await addNote({ note: note.trim(), ticketId: ticket.id, contactId: ticket.contactId }).unwrap();
      form.resetFields();
      toast.success(t('notes.added'));
    } catch (error) {
      toastError(error);
    }
  };

  const confirmDelete = (id: number) =>
    modal.confirm({
      title: t('notes.deleteTitle'),
      content: t('notes.deleteConfirm'),
      okText: t('delete', { ns: 'common' }),
      okButtonProps: { danger: true },
      cancelText: t('cancel', { ns: 'common' }),
      onOk: async () => {
        try {
          await deleteNote(id).unwrap();
          toast.success(t('notes.deleted'));
        } catch (error) {
          toastError(error);
        }
      },
    });

  return (
    <div className="ticket-notes" data-testid="ticket-notes">
      <Form form={form} name="ticketNote" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="note"
          rules={[
            { required: true, whitespace: true, message: t('validation.requiredPt', { ns: 'common' }) },
            { min: 2, message: t('notes.tooShort') },
          ]}
        >
          <Input.TextArea rows={3} placeholder={t('notes.placeholder')} aria-label={t('notes.placeholder')} data-testid="note-input" />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => form.resetFields()}>{t('cancel', { ns: 'common' })}</Button>
          <Button type="primary" htmlType="submit" loading={adding.isLoading} data-testid="note-save">
            {t('save', { ns: 'common' })}
          </Button>
        </Flex>
      </Form>
      {(notes ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.empty')} />
      ) : (
        <List
          dataSource={notes}
          rowKey="id"
          renderItem={(note) => (
            <List.Item
              actions={[
                <Button
                  key="delete"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('delete', { ns: 'common' })}
                  onClick={() => confirmDelete(note.id)}
                  data-testid={`note-delete-${note.id}`}
                />,
              ]}
            >
              <List.Item.Meta
                title={<span className="note-text">{note.note}</span>}
                description={
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {note.user?.name ?? ''} · {formatDateTime(note.createdAt)}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

import { Button, Dropdown, Flex, Form, Input, Switch, type GetRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingAttachment } from '../../../shared/hooks/use-pending-attachment.hook';
import { AttachmentPicker } from '../../../shared/ui/attachment-picker.component';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import {
  useCreateQuickMessageMutation,
  useDeleteQuickMessageMediaMutation,
  useQuickMessageQuery,
  useUpdateQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  type QuickMessageInput,
} from '../api/quick-messages.api';

/** Message variables the server fills in when the reply is sent (spec 000 section 5). */
export const MESSAGE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;

const EMPTY: QuickMessageInput = { shortcode: '', message: '', geral: false };

/** Puts `insert` where the cursor is (or at the end). */
export function insertAt(text: string, insert: string, start: number | null | undefined, end: number | null | undefined): string {
  const from = start ?? text.length;
  const to = end ?? from;
  return text.slice(0, from) + insert + text.slice(to);
}

/**
 * Add/edit a quick reply (spec 001 "Quick messages"): shortcode ('Obrigatório'), a 7-row message
 * with a helper that inserts a variable at the cursor, shared or not, an optional attachment
 * (any file, uploaded once the reply is saved).
 */
export function QuickMessageFormModal({ open, id, onClose }: { open: boolean; id: number | null; onClose: () => void }) {
  const { t } = useTranslation('quickMessages');
  const [form] = Form.useForm<QuickMessageInput>();
  const editing = id !== null;
  const { data: record, isFetching } = useQuickMessageQuery(id ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [createQuickMessage, creating] = useCreateQuickMessageMutation();
  const [updateQuickMessage, updating] = useUpdateQuickMessageMutation();
  const [uploadMedia, uploading] = useUploadQuickMessageMediaMutation();
  const [deleteMedia] = useDeleteQuickMessageMediaMutation();
  const attachment = usePendingAttachment();
  const resetAttachment = attachment.reset;
  const messageInput = useRef<GetRef<typeof Input.TextArea>>(null);

  useEffect(() => {
    if (!open) return;
    resetAttachment();
    form.setFieldsValue(editing ? (record ? { shortcode: record.shortcode, message: record.message, geral: record.geral } : EMPTY) : EMPTY);
  }, [open, editing, record, form, resetAttachment]);

  const insertVariable = (name: string) => {
    const area = messageInput.current?.resizableTextArea?.textArea;
    const current = form.getFieldValue('message') ?? '';
    form.setFieldValue('message', insertAt(current, `{{${name}}}`, area?.selectionStart, area?.selectionEnd));
    area?.focus();
  };

  const submit = async (values: QuickMessageInput) => {
    const input: QuickMessageInput = { shortcode: values.shortcode.trim(), message: values.message ?? '', geral: values.geral ?? false };
    await saveRecord(
      async () => {
        const saved = editing ? await updateQuickMessage({ id, ...input }).unwrap() : await createQuickMessage(input).unwrap();
        const { file } = attachment;
        if (file) await uploadMedia({ id: saved.id, file }).unwrap();
        else if (attachment.removed && saved.mediaPath) await deleteMedia(saved.id).unwrap();
      },
      t('toasts.saved'),
      onClose,
    );
  };

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !record}
      saving={creating.isLoading || updating.isLoading || uploading.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="quick-message-form-submit"
      width={620}
    >
      <Form
        form={form}
        name="quickMessage"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
      >
        <Form.Item
          name="shortcode"
          label={t('modal.shortcode')}
          rules={[{ required: true, whitespace: true, message: t('validation.requiredPt', { ns: 'common' }) }]}
        >
          <Input autoFocus autoComplete="off" prefix="/" />
        </Form.Item>
        <Form.Item
          name="message"
          label={
            <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={12}>
              <span>{t('modal.message')}</span>
              <Dropdown
                menu={{
                  items: MESSAGE_VARIABLES.map((name) => ({ key: name, label: `${t(`variables.${name}`)} {{${name}}}` })),
                  onClick: ({ key }) => insertVariable(key),
                }}
              >
                <Button size="small" type="link" data-testid="insert-variable">
                  {t('modal.variables')}
                </Button>
              </Dropdown>
            </Flex>
          }
        >
          <Input.TextArea ref={messageInput} rows={7} data-testid="quick-message-text" />
        </Form.Item>
        <Form.Item name="geral" label={t('modal.geral')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <AttachmentPicker
          attachment={attachment}
          savedName={record?.mediaName}
          attachText={t('modal.attach')}
          removeLabel={t('modal.removeAttachment')}
          nameMaxWidth={300}
          testIds={{ name: 'quick-message-attachment' }}
        />
      </Form>
    </RecordFormModal>
  );
}

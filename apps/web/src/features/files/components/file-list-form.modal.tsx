import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { useCreateFileListMutation, useFileListQuery, useUpdateFileListMutation, useUploadFileListFileMutation } from '../api/files.api';

interface OptionValues {
  id?: number;
  name: string;
  file?: File | null;
  current?: string | null;
}

interface FileListFormValues {
  name: string;
  message: string;
  options: OptionValues[];
}

/** A file picker as a form control: its value is the File chosen (the browser keeps the input's own value). */
function OptionFileInput({
  onChange,
  label,
  testId,
}: {
  value?: File | null;
  onChange?: (file: File | null) => void;
  label: string;
  testId: string;
}) {
  return <input type="file" aria-label={label} data-testid={testId} onChange={(event) => onChange?.(event.target.files?.[0] ?? null)} />;
}

const EMPTY: FileListFormValues = { name: '', message: '', options: [] };

/** The file-list dialog (spec 001 "Files"): name (min 3, 'nome muito curto'), message ('Obrigatório'), repeating options with a name and a file each. */
export function FileListFormModal({ open, id, onClose }: { open: boolean; id: number | null; onClose: () => void }) {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<FileListFormValues>();
  const editing = id !== null;
  const { data: list, isFetching } = useFileListQuery(id ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [create, creating] = useCreateFileListMutation();
  const [update, updating] = useUpdateFileListMutation();
  const [upload, uploading] = useUploadFileListFileMutation();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing && list
        ? {
            name: list.name,
            message: list.message,
            options: list.options.map((o) => ({ id: o.id, name: o.name, file: null, current: o.file })),
          }
        : EMPTY,
    );
  }, [open, editing, list, form]);

  const submit = async (values: FileListFormValues) => {
    const options = values.options ?? [];
    const input = {
      name: values.name.trim(),
      message: values.message,
      options: options.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name.trim() })),
    };
    await saveRecord(
      async () => {
        const saved = editing ? await update({ id, ...input }).unwrap() : await create(input).unwrap();
        // the saved options come back in the order sent: each new file goes to its option
        for (const [index, option] of options.entries()) {
          const optionId = saved.options[index]?.id;
          if (option.file && optionId) await upload({ id: saved.id, optionId, file: option.file }).unwrap().catch(toastError);
        }
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
      loading={editing && isFetching && !list}
      saving={creating.isLoading || updating.isLoading || uploading.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="file-list-form-submit"
      width={640}
    >
      <Form
        form={form}
        name="fileList"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
      >
        <Form.Item
          name="name"
          label={t('modal.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { min: 3, message: t('validation.tooShort') },
          ]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('modal.message')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.List name="options">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
                    <Input placeholder={t('modal.optionName')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'file']}>
                    <OptionFileInput label={t('modal.optionFile')} testId={`file-option-${field.name}`} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => <span className="file-option-current">{form.getFieldValue(['options', field.name, 'current']) ?? ''}</span>}
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('modal.removeOption')} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', file: null })} data-testid="add-file-option">
                {t('modal.addOption')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </RecordFormModal>
  );
}

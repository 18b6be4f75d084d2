import { ColorPicker, Form, Input, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { hasRole } from '../../../routes/access';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useCreateTagMutation, useTagQuery, useUpdateTagMutation, type TagInput } from '../api/tags.api';

interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

const DEFAULT_COLOR = '#1677ff';
const EMPTY: TagFormValues = { name: '', color: DEFAULT_COLOR, kanban: false };

/** The colour picker answers a Color object or a hex text; the API stores '#RRGGBB'. */
function hexOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'toHexString' in value && typeof value.toHexString === 'function')
    return String(value.toHexString());
  return DEFAULT_COLOR;
}

/**
 * Add/edit a tag (spec 001 "Tags"): name of at least 3 characters ('Mensagem muito curta' /
 * 'Obrigatório'), colour picker; the Kanban switch only for admins and supervisors.
 */
export function TagFormModal({ open, tagId, onClose }: { open: boolean; tagId: number | null; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const user = useSessionUser();
  const mayKanban = hasRole(user, 'supervisor');
  const [form] = Form.useForm<TagFormValues>();
  const editing = tagId !== null;
  const { data: tag, isFetching } = useTagQuery(tagId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [createTag, creating] = useCreateTagMutation();
  const [updateTag, updating] = useUpdateTagMutation();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(editing ? (tag ? { name: tag.name, color: tag.color, kanban: tag.kanban === 1 } : EMPTY) : EMPTY);
  }, [open, editing, tag, form]);

  const submit = async (values: TagFormValues) => {
    const input: TagInput = {
      name: values.name.trim(),
      color: hexOf(values.color),
      ...(mayKanban ? { kanban: values.kanban ? 1 : 0 } : {}),
    };
    await saveRecord(() => (editing ? updateTag({ id: tagId, ...input }).unwrap() : createTag(input).unwrap()), t('toasts.saved'), onClose);
  };

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !tag}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="tag-form-submit"
    >
      <Form
        form={form}
        name="tag"
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
            { max: 50, message: t('validation.tooLong', { ns: 'common' }) },
          ]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="color" label={t('modal.color')} getValueFromEvent={(color: unknown) => hexOf(color)}>
          <ColorPicker showText disabledAlpha format="hex" />
        </Form.Item>
        {mayKanban ? (
          <Form.Item name="kanban" label={t('modal.kanban')} valuePropName="checked">
            <Switch />
          </Form.Item>
        ) : null}
      </Form>
    </RecordFormModal>
  );
}

import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import {
  useContactListItemQuery,
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  type ContactListItemInput,
} from '../api/contact-lists.api';

const EMPTY: ContactListItemInput = { name: '', number: '', email: '' };

/** The contact-list item modal (spec 001): name 2 to 50, number 8 to 50 digits, email valid if given. */
export function ContactListItemFormModal({
  open,
  id,
  contactListId,
  onClose,
}: {
  open: boolean;
  id: number | null;
  contactListId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('contactLists');
  const [form] = Form.useForm<ContactListItemInput>();
  const editing = id !== null;
  const { data: item, isFetching } = useContactListItemQuery(id ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [create, creating] = useCreateContactListItemMutation();
  const [update, updating] = useUpdateContactListItemMutation();

  useEffect(() => {
    if (open) form.setFieldsValue(editing && item ? { name: item.name, number: item.number, email: item.email ?? '' } : EMPTY);
  }, [open, editing, item, form]);

  const submit = async (values: ContactListItemInput) => {
    const input = { name: values.name.trim(), number: values.number.replace(/\D/g, ''), email: values.email?.trim() ?? '' };
    await saveRecord(
      () => (editing ? update({ id, ...input }).unwrap() : create({ ...input, contactListId }).unwrap()),
      t('toasts.saved'),
      onClose,
    );
  };

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('itemModal.editTitle') : t('itemModal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !item}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="contact-list-item-form-submit"
    >
      <Form
        form={form}
        name="contactListItem"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
      >
        <Form.Item
          name="name"
          label={t('itemModal.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { min: 2, message: t('validation.tooShort') },
            { max: 50, message: t('validation.tooLong') },
          ]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('itemModal.number')}
          rules={[
            { required: true, message: t('validation.required') },
            {
              validator: async (_, value: string) =>
                (value ?? '').replace(/\D/g, '').length >= 8 && (value ?? '').replace(/\D/g, '').length <= 50
                  ? undefined
                  : Promise.reject(new Error(t('validation.number'))),
            },
          ]}
        >
          <Input autoComplete="off" placeholder="5511999999999" />
        </Form.Item>
        <Form.Item name="email" label={t('itemModal.email')} rules={[{ type: 'email', message: t('validation.email') }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </RecordFormModal>
  );
}

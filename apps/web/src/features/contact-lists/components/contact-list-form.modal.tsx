import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { useContactListQuery, useCreateContactListMutation, useUpdateContactListMutation } from '../api/contact-lists.api';

/** Add/edit a contact list: name required, 2 to 50 (spec 001 section 5). */
export function ContactListFormModal({ open, id, onClose }: { open: boolean; id: number | null; onClose: () => void }) {
  const { t } = useTranslation('contactLists');
  const [form] = Form.useForm<{ name: string }>();
  const editing = id !== null;
  const { data: list, isFetching } = useContactListQuery(id ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [create, creating] = useCreateContactListMutation();
  const [update, updating] = useUpdateContactListMutation();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: editing ? (list?.name ?? '') : '' });
  }, [open, editing, list, form]);

  const submit = async ({ name }: { name: string }) => {
    await saveRecord(
      () => (editing ? update({ id, name: name.trim() }).unwrap() : create({ name: name.trim() }).unwrap()),
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
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="contact-list-form-submit"
    >
      <Form form={form} name="contactList" layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item
          name="name"
          label={t('modal.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { min: 2, message: t('validation.tooShort') },
            { max: 50, message: t('validation.tooLong') },
          ]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </RecordFormModal>
  );
}

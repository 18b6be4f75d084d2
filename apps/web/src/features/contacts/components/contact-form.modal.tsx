import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContactView } from '@atrium/contracts';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { emailRules, lengthRules } from '../../../shared/ui/validation-rules';
import { useContactQuery, useCreateContactMutation, useUpdateContactMutation, type ContactInput } from '../api/contacts.api';

const EMPTY: ContactInput = { name: '', number: '', email: '', extraInfo: [] };

export interface ContactFormModalProps {
  open: boolean;
  /** null adds a contact. */
  contactId: number | null;
  /** Prefills a new contact (the name typed in the new-ticket search). */
  initial?: Partial<ContactInput>;
  onClose: () => void;
  onSaved?: (contact: ContactView) => void;
}

/** Add/edit a contact (spec 000 section 5): name 2-50, number 8-50, valid e-mail, extra information. */
export function ContactFormModal({ open, contactId, initial, onClose, onSaved }: ContactFormModalProps) {
  const { t } = useTranslation('contacts');
  const [form] = Form.useForm<ContactInput>();
  const editing = contactId !== null;
  const { data: contact, isFetching } = useContactQuery(contactId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [createContact, creating] = useCreateContactMutation();
  const [updateContact, updating] = useUpdateContactMutation();

  useEffect(() => {
    if (!open) return;
    if (editing) {
      if (contact)
        form.setFieldsValue({ name: contact.name, number: contact.number ?? '', email: contact.email, extraInfo: contact.extraInfo });
    } else form.setFieldsValue({ ...EMPTY, ...initial });
  }, [open, editing, contact, initial, form]);

  const submit = async (values: ContactInput) => {
    const input: ContactInput = {
      name: values.name.trim(),
      number: values.number.trim(),
      email: (values.email ?? '').trim(),
      extraInfo: (values.extraInfo ?? [])
        .filter((info) => info?.name?.trim())
        .map((info) => ({ name: info.name.trim(), value: info.value ?? '' })),
    };
    await saveRecord(
      async () => {
        const saved = editing ? await updateContact({ id: contactId, ...input }).unwrap() : await createContact(input).unwrap();
        onSaved?.(saved);
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
      loading={editing && isFetching && !contact}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="contact-form-submit"
    >
      <Form
        form={form}
        name="contact"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
      >
        <Form.Item name="name" label={t('modal.name')} rules={lengthRules(t, 2, 50)}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('modal.number')}
          extra={t('modal.numberHint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required', { ns: 'common' }) },
            {
              validator: (_, value: string) =>
                !value || /^\d{8,50}$/.test(value.replace(/[\s()+.-]/g, ''))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('modal.numberInvalid'))),
            },
          ]}
        >
          <Input autoComplete="off" inputMode="tel" placeholder="5511987654321" />
        </Form.Item>
        <Form.Item name="email" label={t('modal.email')} rules={emailRules(t, false)}>
          <Input autoComplete="off" type="email" />
        </Form.Item>
        <Typography.Text strong>{t('modal.extraInfo')}</Typography.Text>
        <Form.List name="extraInfo">
          {(fields, { add, remove }) => (
            <div className="contact-extra-fields">
              {fields.map((field) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[{ required: true, whitespace: true, message: t('validation.required', { ns: 'common' }) }]}
                  >
                    <Input placeholder={t('modal.extraName')} aria-label={t('modal.extraName')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']}>
                    <Input placeholder={t('modal.extraValue')} aria-label={t('modal.extraValue')} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('delete', { ns: 'common' })}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })} block>
                {t('modal.addExtra')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </RecordFormModal>
  );
}

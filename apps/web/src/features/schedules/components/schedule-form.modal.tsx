import type { ContactView, TemplateSend } from '@atrium/contracts';
import { Alert, Button, DatePicker, Dropdown, Flex, Form, Input, Modal, Select, Skeleton, Spin, Typography, type GetRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { usePendingAttachment } from '../../../shared/hooks/use-pending-attachment.hook';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { AttachmentPicker } from '../../../shared/ui/attachment-picker.component';
import { MODAL_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { formatDateTime } from '../../../shared/dates/dates';
import { templateComplete } from '../../campaigns/campaign-form';
import { CampaignTemplateField } from '../../campaigns/components/campaign-template.field';
import { useConnectionsQuery } from '../../connections/api/connections.api';
import { useContactQuery, useContactsPageInfiniteQuery } from '../../contacts/api/contacts.api';
import { insertAt, MESSAGE_VARIABLES } from '../../quick-messages/components/quick-message-form.modal';
import {
  useCreateScheduleMutation,
  useDeleteScheduleMediaMutation,
  useScheduleQuery,
  useUpdateScheduleMutation,
  useUploadScheduleMediaMutation,
} from '../api/schedules.api';

/** Contact search starts at 3 characters (spec 000 section 5). */
const CONTACT_SEARCH_MIN = 3;
/** Spec 000: attachments png, jpg or jpeg. */
const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const IMAGE_NAME = /\.(png|jpe?g)$/i;
/** What a template's values may name of the contact, filled when it is sent (as a campaign's list columns). */
const CONTACT_VARIABLES = ['{nome}', '{numero}', '{email}'];

interface ScheduleFormValues {
  contactId: number | null;
  body: string;
  sendAt: Dayjs | null;
  whatsappId: number | null;
  template: TemplateSend | null;
}

export interface ScheduleFormModalProps {
  open: boolean;
  /** The schedule edited; null adds one. */
  id: number | null;
  /** A new schedule's contact (`?contactId=`, the ticket options' 'Agendamento'). */
  contactId: number | null;
  /** A new schedule's send time (a calendar slot); else 1 hour from now. */
  sendAt: Dayjs | null;
  onClose: () => void;
}

/**
 * Add/edit a scheduled message (spec 000 "schedule modal"): contact (searched from 3 characters),
 * message of at least 5 characters ('Mensagem muito curta') with the message variables, send date
 * and time ('Obrigatório'; default 1 hour from now; the browser's time zone, sent as an instant),
 * an optional png/jpg/jpeg attachment uploaded once the schedule is saved, the connection it goes
 * through (the contact's by default). On a Cloud API connection an approved template may be chosen
 * (the campaign dialog's picker), sent instead of the message when the contact's 24-hour window is
 * closed at the send time (issue 26). A schedule already sent
 * shows its sending and has no save button; one that failed shows the reason.
 */
export function ScheduleFormModal({ open, id, contactId, sendAt, onClose }: ScheduleFormModalProps) {
  const { t } = useTranslation('schedules');
  const [form] = Form.useForm<ScheduleFormValues>();
  const editing = id !== null;
  const { data: record, isFetching } = useScheduleQuery(id ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const chosenId = editing ? (record?.contactId ?? null) : contactId;
  const { data: chosen } = useContactQuery(chosenId ?? 0, { skip: !open || chosenId === null });
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim());
  const searching = open && search.length >= CONTACT_SEARCH_MIN;
  const { data: found, isFetching: searchingContacts } = useContactsPageInfiniteQuery(search, { skip: !searching });
  const [createSchedule, creating] = useCreateScheduleMutation();
  const [updateSchedule, updating] = useUpdateScheduleMutation();
  const [uploadMedia, uploading] = useUploadScheduleMediaMutation();
  const [deleteMedia] = useDeleteScheduleMediaMutation();
  const { data: connections = [] } = useConnectionsQuery(undefined, { skip: !open });
  const whatsappId = Form.useWatch('whatsappId', form);
  const cloud = connections.find((connection) => connection.id === whatsappId)?.provider === 'cloud';
  const attachment = usePendingAttachment();
  const resetAttachment = attachment.reset;
  const [fileError, setFileError] = useState(false);
  const [saving, setSaving] = useState(false);
  // a schedule created by this dialog whose attachment then failed: saving again updates it
  const [createdId, setCreatedId] = useState<number | null>(null);
  const bodyInput = useRef<GetRef<typeof Input.TextArea>>(null);
  const sent = editing && record !== undefined && (record.sentAt !== null || record.status === 'ENVIADA');

  useEffect(() => {
    if (!open) return;
    resetAttachment();
    setFileError(false);
    setTerm('');
    setCreatedId(null);
    if (editing) {
      form.setFieldsValue(
        record
          ? {
              contactId: record.contactId,
              body: record.body,
              sendAt: dayjs(record.sendAt),
              whatsappId: record.whatsappId,
              template: record.template,
            }
          : { contactId: null, body: '', sendAt: null, whatsappId: null, template: null },
      );
    } else {
      form.setFieldsValue({
        contactId,
        body: '',
        sendAt: sendAt ?? dayjs().add(1, 'hour').second(0).millisecond(0),
        whatsappId: null,
        template: null,
      });
    }
  }, [open, editing, record, contactId, sendAt, form, resetAttachment]);

  const contacts: Array<Pick<ContactView, 'id' | 'name' | 'number'>> = [
    ...(chosen ? [chosen] : []),
    ...(searching ? (found?.pages ?? []).flatMap((page) => page.contacts) : []),
  ];
  const contactOptions = [
    ...new Map(
      contacts.map((item) => [item.id, { value: item.id, label: item.number ? `${item.name} - ${item.number}` : item.name }]),
    ).values(),
  ];

  const insertVariable = (name: string) => {
    const area = bodyInput.current?.resizableTextArea?.textArea;
    const current = form.getFieldValue('body') ?? '';
    form.setFieldValue('body', insertAt(current, `{{${name}}}`, area?.selectionStart, area?.selectionEnd));
    area?.focus();
  };

  const submit = async (values: ScheduleFormValues) => {
    if (values.contactId === null || values.sendAt === null) return;
    const input = {
      body: values.body,
      contactId: values.contactId,
      sendAt: values.sendAt.toISOString(),
      whatsappId: values.whatsappId ?? null,
      // only a Cloud API connection sends templates
      template: cloud ? (values.template ?? null) : null,
    };
    setSaving(true);
    await submitDelay(MODAL_SUBMIT_DELAY_MS);
    try {
      const existing = id ?? createdId;
      const saved = existing !== null ? await updateSchedule({ id: existing, ...input }).unwrap() : await createSchedule(input).unwrap();
      setCreatedId(saved.id);
      const { file } = attachment;
      if (file) await uploadMedia({ id: saved.id, file }).unwrap();
      else if (attachment.removed && saved.mediaPath) await deleteMedia(saved.id).unwrap();
      toast.success(t('toasts.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const title = sent
    ? t('modal.sentTitle')
    : record?.status === 'ERRO'
      ? t('modal.errorTitle')
      : editing
        ? t('modal.editTitle')
        : t('modal.addTitle');

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={620}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {sent ? t('modal.close') : t('cancel', { ns: 'common' })}
        </Button>,
        ...(sent
          ? []
          : [
              <Button
                key="ok"
                type="primary"
                loading={saving || creating.isLoading || updating.isLoading || uploading.isLoading}
                onClick={() => form.submit()}
                data-testid="schedule-form-submit"
              >
                {editing ? t('modal.save') : t('modal.add')}
              </Button>,
            ]),
      ]}
    >
      {editing && isFetching && !record ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          name="schedule"
          layout="vertical"
          onFinish={(values) => void submit(values)}
          requiredMark="optional"
          disabled={sent}
        >
          {sent && record ? (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="schedule-sent"
              title={`${t('modal.sentAt', { date: formatDateTime(record.sentAt) })}${record.sentLate ? ` (${t('modal.sentLate')})` : ''}`}
            />
          ) : null}
          {record?.status === 'ERRO' && record.errorReason ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="schedule-error"
              title={t('modal.errorReason', { reason: record.errorReason })}
            />
          ) : null}
          <Form.Item name="contactId" label={t('modal.contact')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setTerm }}
              placeholder={t('modal.contactPlaceholder')}
              options={contactOptions}
              notFoundContent={
                searchingContacts ? (
                  <Spin size="small" />
                ) : term.trim().length < CONTACT_SEARCH_MIN ? (
                  t('modal.typeMore')
                ) : (
                  t('modal.noContacts')
                )
              }
              data-testid="schedule-contact"
            />
          </Form.Item>
          <Form.Item
            name="body"
            label={
              <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={12}>
                <span>{t('modal.body')}</span>
                <Dropdown
                  disabled={sent}
                  menu={{
                    items: MESSAGE_VARIABLES.map((name) => ({
                      key: name,
                      label: `${t(`variables.${name}`, { ns: 'quickMessages' })} {{${name}}}`,
                    })),
                    onClick: ({ key }) => insertVariable(key),
                  }}
                >
                  <Button size="small" type="link">
                    {t('modal.variables')}
                  </Button>
                </Dropdown>
              </Flex>
            }
            rules={[
              { required: true, message: t('validation.tooShort') },
              { min: 5, message: t('validation.tooShort') },
            ]}
          >
            <Input.TextArea ref={bodyInput} rows={6} data-testid="schedule-body" />
          </Form.Item>
          <Form.Item name="sendAt" label={t('modal.sendAt')} rules={[{ required: true, message: t('validation.required') }]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
              style={{ width: '100%' }}
              data-testid="schedule-send-at"
            />
          </Form.Item>
          <Form.Item name="whatsappId" label={t('modal.connection')}>
            <Select
              allowClear
              placeholder={t('modal.connectionDefault')}
              options={connections.map((connection) => ({ value: connection.id, label: connection.name }))}
              onChange={() => form.setFieldValue('template', null)}
              data-testid="schedule-whatsapp"
            />
          </Form.Item>
          {cloud && whatsappId ? (
            <Form.Item
              name="template"
              label={t('modal.template')}
              rules={[
                {
                  validator: (_, value: TemplateSend | null | undefined) =>
                    !value || templateComplete(value) ? Promise.resolve() : Promise.reject(new Error(t('validation.template'))),
                },
              ]}
            >
              <CampaignTemplateField whatsappId={whatsappId} variables={CONTACT_VARIABLES} hint={t('modal.templateHint')} disabled={sent} />
            </Form.Item>
          ) : null}
          <AttachmentPicker
            attachment={attachment}
            savedName={record?.mediaName}
            attachText={t('modal.attach')}
            removeLabel={t('modal.removeAttachment')}
            disabled={sent}
            nameMaxWidth={300}
            emptyHint={<Typography.Text type="secondary">{t('modal.attachmentHint')}</Typography.Text>}
            accept={IMAGE_ACCEPT}
            onPick={(picked) => {
              const image = IMAGE_NAME.test(picked.name);
              setFileError(!image);
              return image;
            }}
            testIds={{ attach: 'schedule-attach', name: 'schedule-attachment', input: 'schedule-file' }}
          >
            {fileError ? <Typography.Text type="danger">{t('validation.imageOnly')}</Typography.Text> : null}
          </AttachmentPicker>
        </Form>
      )}
    </Modal>
  );
}

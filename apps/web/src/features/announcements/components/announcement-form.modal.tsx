import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { AnnouncementView } from '@atrium/contracts';
import { Button, Flex, Form, Input, Select, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { displayFileName } from '../../../shared/ui/display-file-name';
import {
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMediaMutation,
  useUpdateAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
  type AnnouncementInput,
} from '../api/announcements.api';
import { PRIORITIES, priorityLabelKey } from '../announcement-priority';

/** Images only: .png, .jpg, .jpeg (spec 001 section 5). */
export const ANNOUNCEMENT_MEDIA_ACCEPT = '.png,.jpg,.jpeg';

export function isAcceptedImage(fileName: string): boolean {
  return /\.(png|jpe?g)$/i.test(fileName);
}

const EMPTY: AnnouncementInput = { title: '', text: '', priority: 3, status: true };

/** Add/edit an announcement: title, text (7 rows), status, priority, optional image. */
export function AnnouncementFormModal({
  open,
  announcement,
  onClose,
}: {
  open: boolean;
  announcement: AnnouncementView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('announcements');
  const [form] = Form.useForm<AnnouncementInput>();
  const [file, setFile] = useState<File | null>(null);
  const [create, creating] = useCreateAnnouncementMutation();
  const [update, updating] = useUpdateAnnouncementMutation();
  const [upload, uploading] = useUploadAnnouncementMediaMutation();
  const [removeMedia] = useDeleteAnnouncementMediaMutation();

  useEffect(() => {
    if (!open) return;
    setFile(null);
    form.setFieldsValue(
      announcement
        ? { title: announcement.title, text: announcement.text, priority: announcement.priority, status: announcement.status }
        : EMPTY,
    );
  }, [open, announcement, form]);

  const submit = (values: AnnouncementInput) => {
    const input: AnnouncementInput = { ...values, title: values.title.trim(), text: values.text.trim() };
    return saveRecord(
      async () => {
        const saved = announcement ? await update({ id: announcement.id, ...input }).unwrap() : await create(input).unwrap();
        if (file) await upload({ id: saved.id, file }).unwrap();
      },
      t('saved'),
      onClose,
    );
  };

  const deleteMedia = async () => {
    if (!announcement) return;
    try {
      await removeMedia(announcement.id).unwrap();
      toast.success(t('mediaRemoved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const required = { required: true, whitespace: true, message: t('validation.requiredPt', { ns: 'common' }) };

  return (
    <RecordFormModal
      open={open}
      title={announcement ? t('modal.editTitle') : t('modal.addTitle')}
      okText={t('save', { ns: 'common' })}
      loading={false}
      saving={creating.isLoading || updating.isLoading || uploading.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="announcement-save"
    >
      <Form
        form={form}
        name="announcement"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        data-testid="announcement-form"
      >
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[required, { max: 200, message: t('validation.tooLong', { ns: 'common' }) }]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="text" label={t('fields.text')} rules={[required]}>
          <Input.TextArea rows={7} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="status" label={t('fields.status')} style={{ flex: 1, minWidth: 140 }}>
            <Select
              options={[
                { value: true, label: t('status.active') },
                { value: false, label: t('status.inactive') },
              ]}
            />
          </Form.Item>
          <Form.Item name="priority" label={t('fields.priority')} style={{ flex: 1, minWidth: 140 }}>
            <Select options={PRIORITIES.map((priority) => ({ value: priority, label: t(priorityLabelKey(priority)) }))} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('fields.media')} extra={t('fields.mediaHelp')}>
          {announcement?.mediaName && !file ? (
            <Flex align="center" gap={8}>
              <PaperClipOutlined />
              <Typography.Text ellipsis style={{ flex: 1 }}>
                {displayFileName(announcement.mediaName)}
              </Typography.Text>
              <Button danger type="text" icon={<DeleteOutlined />} onClick={() => void deleteMedia()} aria-label={t('removeMedia')} />
            </Flex>
          ) : (
            <Upload
              accept={ANNOUNCEMENT_MEDIA_ACCEPT}
              maxCount={1}
              beforeUpload={(candidate) => {
                if (!isAcceptedImage(candidate.name)) {
                  toast.error(t('fields.mediaInvalid'));
                  return Upload.LIST_IGNORE;
                }
                setFile(candidate);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<PaperClipOutlined />}>{t('fields.attach')}</Button>
            </Upload>
          )}
        </Form.Item>
      </Form>
    </RecordFormModal>
  );
}

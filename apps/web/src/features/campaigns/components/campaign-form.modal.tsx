import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { campaignEditability } from '@atrium/contracts/campaigns/campaign-editability.js';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Modal, Row, Select, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nearBottom } from '../../../shared/api/paged';
import { usePendingAttachment } from '../../../shared/hooks/use-pending-attachment.hook';
import { AttachmentPicker } from '../../../shared/ui/attachment-picker.component';
import { saveRecord } from '../../../shared/ui/record-form-modal.component';
import { useConnectionsQuery } from '../../connections/api/connections.api';
import { useFileListsPageInfiniteQuery } from '../../files/api/files.api';
import { useTagListQuery } from '../../tags/api/tags.api';
import {
  useCampaignQuery,
  useCampaignSettingsQuery,
  useContactListOptionsQuery,
  useCreateCampaignMutation,
  useDeleteCampaignMediaMutation,
  useUpdateCampaignMutation,
  useUploadCampaignMediaMutation,
} from '../api/campaigns.api';
import {
  BUILT_IN_VARIABLES,
  campaignInputOf,
  EMPTY_CAMPAIGN,
  formValuesOf,
  MESSAGE_INDEXES,
  NO_TAG,
  settingsOf,
  templateComplete,
  type CampaignFormValues,
} from '../campaign-form';
import { CampaignTemplateField } from './campaign-template.field';
import { useCampaignCommands } from '../hooks/use-campaign-commands.hook';

/**
 * The campaign dialog (spec 001 "Campaigns"): name, confirmation, contact list, tag list,
 * connection, scheduledAt, file list, five message tabs each with its confirmation message beside
 * when confirmation is on, the variables hint, an attachment, cancel and restart by status. What
 * may change follows section 4's editability (a CANCELADA campaign: its messages only).
 */
export function CampaignFormModal({ open, id, onClose }: { open: boolean; id: number | null; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const [form] = Form.useForm<CampaignFormValues>();
  const editing = id !== null;
  const { data: campaign, isFetching } = useCampaignQuery(id ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const { data: contactLists = [] } = useContactListOptionsQuery(undefined, { skip: !open });
  const { data: connections = [] } = useConnectionsQuery(undefined, { skip: !open });
  const { data: tags = [] } = useTagListQuery(undefined, { skip: !open });
  const fileLists = useFileListsPageInfiniteQuery('', { skip: !open });
  const { data: settings } = useCampaignSettingsQuery(undefined, { skip: !open });
  const [create, creating] = useCreateCampaignMutation();
  const [update, updating] = useUpdateCampaignMutation();
  const [uploadMedia, uploading] = useUploadCampaignMediaMutation();
  const [deleteMedia] = useDeleteCampaignMediaMutation();
  const { cancel, restart, busy } = useCampaignCommands();
  const attachment = usePendingAttachment();
  const resetAttachment = attachment.reset;
  const [activeTab, setActiveTab] = useState('1');
  const confirmation = Form.useWatch('confirmation', form);
  const whatsappId = Form.useWatch('whatsappId', form);
  // a Cloud API connection sends an approved template instead of the messages (issue 26)
  const cloud = connections.find((connection) => connection.id === whatsappId)?.provider === 'cloud';

  // the edit lock is read when the dialog opens (spec 001 section 9: more than an hour before the schedule)
  const editability = useMemo(() => (campaign && editing ? campaignEditability(campaign, new Date()) : 'all'), [campaign, editing]);
  const allEditable = editability === 'all';

  useEffect(() => {
    if (!open) return;
    resetAttachment();
    setActiveTab('1');
    form.setFieldsValue(editing ? (campaign ? formValuesOf(campaign) : EMPTY_CAMPAIGN) : EMPTY_CAMPAIGN);
  }, [open, editing, campaign, form, resetAttachment]);

  const submit = async (values: CampaignFormValues) => {
    if (editability === 'none') return;
    const input = campaignInputOf(values, editability, cloud);
    const { file } = attachment;
    const attachmentChange = allEditable && (file !== null || (attachment.removed && Boolean(campaign?.mediaPath)));
    await saveRecord(
      async () => {
        if (!attachmentChange) {
          if (editing) await update({ id, ...input }).unwrap();
          else await create(input).unwrap();
          return;
        }
        // the attachment goes on before the schedule: a campaign due now would start (and lock) without it
        const { scheduledAt, ...rest } = input;
        const saved = editing
          ? await update({ id, ...rest, scheduledAt: null }).unwrap()
          : await create({ ...rest, scheduledAt: null }).unwrap();
        if (file) await uploadMedia({ id: saved.id, file }).unwrap();
        else await deleteMedia(saved.id).unwrap();
        if (scheduledAt) await update({ id: saved.id, scheduledAt }).unwrap();
      },
      t('toasts.saved'),
      onClose,
    );
  };

  const fileListOptions = (fileLists.data?.pages ?? []).flatMap((page) => page.files).map((list) => ({ value: list.id, label: list.name }));
  const onFileListsScroll = (event: UIEvent<HTMLDivElement>) => {
    if (fileLists.hasNextPage && !fileLists.isFetchingNextPage && nearBottom(event.currentTarget)) void fileLists.fetchNextPage();
  };
  const customVariables = settingsOf(settings).variables.map((variable) => `{${variable.key}}`);
  const saving = creating.isLoading || updating.isLoading || uploading.isLoading;

  const footer = (
    <Flex justify="space-between" wrap gap={8}>
      <Flex gap={8}>
        {campaign?.status === 'EM_ANDAMENTO' ? (
          <Button
            icon={<PauseCircleOutlined />}
            disabled={busy}
            onClick={() => void cancel(campaign.id)}
            data-testid="campaign-form-cancel-campaign"
          >
            {t('actions.cancel')}
          </Button>
        ) : null}
        {campaign?.status === 'CANCELADA' ? (
          <Button
            icon={<PlayCircleOutlined />}
            disabled={busy}
            onClick={() => void restart(campaign.id)}
            data-testid="campaign-form-restart-campaign"
          >
            {t('actions.restart')}
          </Button>
        ) : null}
      </Flex>
      <Flex gap={8}>
        <Button onClick={onClose}>{t('modal.close')}</Button>
        {editability !== 'none' ? (
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="campaign-form-submit">
            {editing ? t('modal.save') : t('modal.add')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );

  const messageDisabled = editability === 'none';
  const tabs = MESSAGE_INDEXES.map((i) => ({
    key: String(i),
    label: t('modal.messageTab', { n: i }),
    forceRender: true,
    children: (
      <Row gutter={16}>
        <Col xs={24} md={confirmation ? 12 : 24}>
          <Form.Item
            name={`message${i}`}
            label={t('modal.message', { n: i })}
            rules={i === 1 ? [{ required: true, whitespace: true, message: t('validation.required') }] : []}
          >
            <Input.TextArea rows={5} disabled={messageDisabled} data-testid={`campaign-message-${i}`} />
          </Form.Item>
        </Col>
        {confirmation ? (
          <Col xs={24} md={12}>
            <Form.Item name={`confirmationMessage${i}`} label={t('modal.confirmationMessage', { n: i })}>
              <Input.TextArea rows={5} disabled={messageDisabled} data-testid={`campaign-confirmation-message-${i}`} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    ),
  }));

  return (
    <Modal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      width={900}
    >
      {editing && isFetching && !campaign ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          name="campaign"
          layout="vertical"
          initialValues={EMPTY_CAMPAIGN}
          onFinish={(values) => void submit(values)}
          requiredMark="optional"
        >
          {editability !== 'all' ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={editability === 'messages' ? t('modal.messagesOnly') : t('modal.readOnly')}
              data-testid="campaign-form-lock"
            />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item
                name="name"
                label={t('modal.name')}
                rules={[
                  { required: true, whitespace: true, message: t('validation.required') },
                  { min: 2, message: t('validation.tooShort') },
                  { max: 50, message: t('validation.tooLong') },
                ]}
              >
                <Input autoFocus autoComplete="off" disabled={!allEditable} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="confirmation" label={t('modal.confirmation')}>
                <Select
                  disabled={!allEditable}
                  options={[
                    { value: false, label: t('confirmation.disabled') },
                    { value: true, label: t('confirmation.enabled') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="contactListId" label={t('modal.contactList')}>
                <Select
                  allowClear
                  disabled={!allEditable}
                  placeholder={t('fallback.contactList')}
                  options={contactLists.map((list) => ({ value: list.id, label: list.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="tagListId" label={t('modal.tagList')}>
                <Select
                  disabled={!allEditable}
                  options={[{ value: NO_TAG, label: t('modal.noTag') }, ...tags.map((tag) => ({ value: tag.id, label: tag.name }))]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="whatsappId" label={t('modal.whatsapp')}>
                <Select
                  allowClear
                  disabled={!allEditable}
                  placeholder={t('fallback.whatsapp')}
                  options={connections.map((connection) => ({ value: connection.id, label: connection.name }))}
                  data-testid="campaign-whatsapp"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="scheduledAt" label={t('modal.scheduledAt')} extra={t('modal.scheduledAtHint')}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="DD/MM/YYYY HH:mm"
                  needConfirm={false}
                  style={{ width: '100%' }}
                  disabled={!allEditable}
                  placeholder={t('fallback.scheduledAt')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="fileListId" label={t('modal.fileList')}>
                <Select
                  allowClear
                  disabled={!allEditable}
                  placeholder={t('modal.noFileList')}
                  options={fileListOptions}
                  onPopupScroll={onFileListsScroll}
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" data-testid="campaign-variables-hint">
            {t('modal.variablesHint', { variables: [...BUILT_IN_VARIABLES.map((name) => `{${name}}`), ...customVariables].join(', ') })}
          </Typography.Paragraph>
          {cloud && whatsappId ? (
            <Form.Item
              name="template"
              label={t('modal.template')}
              rules={[
                {
                  validator: (_, value: CampaignFormValues['template']) =>
                    templateComplete(value) ? Promise.resolve() : Promise.reject(new Error(t('validation.template'))),
                },
              ]}
            >
              <CampaignTemplateField
                whatsappId={whatsappId}
                variables={[...BUILT_IN_VARIABLES.map((name) => `{${name}}`), ...customVariables]}
                disabled={messageDisabled}
              />
            </Form.Item>
          ) : (
            <Tabs activeKey={activeTab} onChange={setActiveTab} items={tabs} />
          )}
          <AttachmentPicker
            attachment={attachment}
            savedName={campaign?.mediaName}
            attachText={t('modal.attach')}
            removeLabel={t('modal.removeAttachment')}
            disabled={!allEditable}
            nameMaxWidth={360}
            testIds={{ attach: 'campaign-attach', name: 'campaign-attachment', input: 'campaign-attachment-input' }}
          />
        </Form>
      )}
    </Modal>
  );
}

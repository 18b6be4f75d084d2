import type { WhatsappProvider, WhatsappView } from '@atrium/contracts';
import { CONNECTION_DEFAULTS, WHATSAPP_PROVIDERS } from '@atrium/contracts/sessions/status.js';
import { Alert, Descriptions, Form, Input, InputNumber, Select, Space, Switch, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { flowOptions, useFlowsPageInfiniteQuery } from '../../../shared/api/flows.api';
import { usePromptListQuery } from '../../../shared/api/prompts.api';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { lengthRules } from '../../../shared/ui/validation-rules';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useQueueIntegrationsPageInfiniteQuery } from '../../queue-integrations/api/queue-integrations.api';
import { ApiTokenField } from './api-token.component';
import { useConnectionQuery, useCreateConnectionMutation, useUpdateConnectionMutation, type ConnectionInput } from '../api/connections.api';

interface ConnectionFormValues {
  name: string;
  provider: WhatsappProvider;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  queueIds: number[];
  promptId: number | null;
  integrationId: number | null;
  flowId: number | null;
  expiresTicket: number;
  expiresInactiveMessage: string;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  // provider `cloud` (issue 26); the secrets are write-only: left empty on edit, the stored ones stay
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  messagesPerSecond: number | null;
}

const EMPTY: ConnectionFormValues = {
  name: '',
  provider: CONNECTION_DEFAULTS.provider,
  isDefault: false,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  queueIds: [],
  promptId: null,
  integrationId: null,
  flowId: null,
  expiresTicket: CONNECTION_DEFAULTS.expiresTicket,
  expiresInactiveMessage: '',
  timeUseBotQueues: CONNECTION_DEFAULTS.timeUseBotQueues,
  maxUseBotQueues: CONNECTION_DEFAULTS.maxUseBotQueues,
  phoneNumberId: '',
  wabaId: '',
  accessToken: '',
  appSecret: '',
  messagesPerSecond: null,
};

function valuesOf(connection: WhatsappView): ConnectionFormValues {
  return {
    name: connection.name,
    provider: connection.provider,
    isDefault: connection.isDefault,
    greetingMessage: connection.greetingMessage,
    complationMessage: connection.complationMessage,
    outOfHoursMessage: connection.outOfHoursMessage,
    ratingMessage: connection.ratingMessage,
    queueIds: connection.queueIds,
    promptId: connection.promptId,
    integrationId: connection.integrationId,
    flowId: connection.flowId,
    expiresTicket: connection.expiresTicket,
    expiresInactiveMessage: connection.expiresInactiveMessage,
    timeUseBotQueues: connection.timeUseBotQueues,
    maxUseBotQueues: connection.maxUseBotQueues,
    phoneNumberId: connection.cloud?.phoneNumberId ?? '',
    wabaId: connection.cloud?.wabaId ?? '',
    accessToken: '',
    appSecret: '',
    messagesPerSecond: connection.cloud?.messagesPerSecond ?? null,
  };
}

/** The form's values as the API takes them: the Cloud API fields only for `cloud`, and an empty secret left out (the stored one stays). */
export function inputOf(values: Omit<ConnectionFormValues, 'flowId'>): ConnectionInput {
  const { phoneNumberId, wabaId, accessToken, appSecret, messagesPerSecond, ...rest } = values;
  const input: ConnectionInput = { ...rest, name: values.name.trim() };
  if (values.provider !== 'cloud') return input;
  return {
    ...input,
    phoneNumberId: phoneNumberId.trim(),
    wabaId: wabaId.trim(),
    ...(accessToken.trim() && { accessToken: accessToken.trim() }),
    ...(appSecret.trim() && { appSecret: appSecret.trim() }),
    ...(messagesPerSecond !== null && { messagesPerSecond }),
  };
}

export interface WhatsappFormModalProps {
  open: boolean;
  /** null adds a connection. */
  whatsappId: number | null;
  onClose: () => void;
}

/**
 * Add/edit a connection (spec 001 "Connections"): name 2-50, provider (beta by default), default
 * flag, greeting, completion, out-of-hours and rating messages, queues (a greeting is needed with
 * more than one), prompt, external-API token and the inactivity settings, with the spec's defaults.
 */
export function WhatsappFormModal({ open, whatsappId, onClose }: WhatsappFormModalProps) {
  const { t } = useTranslation('connections');
  const [form] = Form.useForm<ConnectionFormValues>();
  const editing = whatsappId !== null;
  const { data: connection, isFetching } = useConnectionQuery(whatsappId ?? 0, {
    skip: !open || !editing,
    refetchOnMountOrArgChange: true,
  });
  const { data: queues } = useQueuesQuery(undefined, { skip: !open });
  const { data: prompts } = usePromptListQuery(undefined, { skip: !open });
  const { data: queueIntegrations } = useQueueIntegrationsPageInfiniteQuery('', { skip: !open });
  // Flows are part of the integrations of the plan (issue 27).
  const mayUseFlows = useSessionUser().company.plan.useIntegrations === true;
  const { data: flows } = useFlowsPageInfiniteQuery('', { skip: !open || !mayUseFlows });
  const [createConnection, creating] = useCreateConnectionMutation();
  const [updateConnection, updating] = useUpdateConnectionMutation();
  const queueIds = Form.useWatch('queueIds', form) ?? [];
  const provider = Form.useWatch('provider', form);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(editing ? (connection ? valuesOf(connection) : EMPTY) : EMPTY);
  }, [open, editing, connection, form]);

  const submit = async (values: ConnectionFormValues) => {
    const { flowId, ...rest } = values;
    // A cleared flow detaches it (null); without the plan's integrations the field is not there to send.
    const input: ConnectionInput = { ...inputOf(rest), ...(mayUseFlows ? { flowId: flowId ?? null } : {}) };
    await saveRecord(
      () => (editing ? updateConnection({ id: whatsappId, ...input }).unwrap() : createConnection(input).unwrap()),
      t('toasts.saved'),
      onClose,
    );
  };

  const text = (name: keyof ConnectionFormValues, rows = 3) => (
    <Form.Item name={name} label={t(`modal.${name}`)}>
      <Input.TextArea rows={rows} />
    </Form.Item>
  );

  const secretHint = (hint: string | undefined) => (editing && hint ? t('modal.cloud.keepSecret', { hint }) : undefined);
  const required = editing ? [] : [{ required: true, message: t('modal.cloud.required') }];
  const cloud = (
    <div data-testid="cloud-fields">
      <Space align="start" wrap style={{ width: '100%' }}>
        <Form.Item
          name="phoneNumberId"
          label={t('modal.cloud.phoneNumberId')}
          rules={[{ required: true, pattern: /^\d{5,30}$/, message: t('modal.cloud.digits') }]}
        >
          <Input autoComplete="off" data-testid="cloud-phone-number-id" />
        </Form.Item>
        <Form.Item
          name="wabaId"
          label={t('modal.cloud.wabaId')}
          rules={[{ required: true, pattern: /^\d{5,30}$/, message: t('modal.cloud.digits') }]}
        >
          <Input autoComplete="off" data-testid="cloud-waba-id" />
        </Form.Item>
        <Form.Item name="messagesPerSecond" label={t('modal.cloud.messagesPerSecond')}>
          <InputNumber min={1} max={1000} placeholder="80" />
        </Form.Item>
      </Space>
      <Form.Item
        name="accessToken"
        label={t('modal.cloud.accessToken')}
        rules={required}
        extra={secretHint(connection?.cloud?.accessTokenHint)}
      >
        <Input.Password autoComplete="new-password" data-testid="cloud-access-token" />
      </Form.Item>
      <Form.Item
        name="appSecret"
        label={t('modal.cloud.appSecret')}
        rules={required}
        extra={secretHint(connection?.cloud?.appSecretSet ? '••••' : undefined)}
      >
        <Input.Password autoComplete="new-password" data-testid="cloud-app-secret" />
      </Form.Item>
      {connection?.cloud ? (
        <>
          <Descriptions size="small" column={1} bordered data-testid="cloud-webhook">
            <Descriptions.Item label={t('modal.cloud.webhookUrl')}>
              <Typography.Text copyable>{connection.cloud.webhookUrl}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('modal.cloud.verifyToken')}>
              <Typography.Text copyable data-testid="cloud-verify-token">
                {connection.cloud.verifyToken}
              </Typography.Text>
            </Descriptions.Item>
            {connection.cloud.displayPhoneNumber ? (
              <Descriptions.Item label={t('modal.cloud.number')}>
                {connection.cloud.displayPhoneNumber} {connection.cloud.verifiedName ? `· ${connection.cloud.verifiedName}` : ''}
              </Descriptions.Item>
            ) : null}
            {connection.cloud.qualityRating ? (
              <Descriptions.Item label={t('modal.cloud.quality')}>
                {t(`quality.${connection.cloud.qualityRating}`, { defaultValue: connection.cloud.qualityRating })}
              </Descriptions.Item>
            ) : null}
            {connection.cloud.messagingLimitTier ? (
              <Descriptions.Item label={t('modal.cloud.tier')}>
                {t(`tiers.${connection.cloud.messagingLimitTier}`, { defaultValue: connection.cloud.messagingLimitTier })}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {connection.cloud.error ? <Alert type="error" showIcon message={connection.cloud.error} style={{ marginTop: 8 }} /> : null}
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('modal.cloud.webhookAfterSave')}</Typography.Paragraph>
      )}
    </div>
  );

  const general = (
    <>
      <Space align="start" wrap style={{ width: '100%' }}>
        <Form.Item name="name" label={t('modal.name')} rules={lengthRules(t, 2, 50)} style={{ minWidth: 260 }}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="provider" label={t('modal.provider')} style={{ minWidth: 200 }}>
          <Select
            options={WHATSAPP_PROVIDERS.map((provider) => ({ value: provider, label: t(`modal.providers.${provider}`) }))}
            data-testid="connection-provider"
          />
        </Form.Item>
        <Form.Item name="isDefault" label={t('modal.isDefault')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      {provider === 'cloud' ? cloud : null}
      <Form.Item name="queueIds" label={t('modal.queues')} extra={queueIds.length > 1 ? t('modal.greetingHint') : undefined}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('modal.queuesPlaceholder')}
          notFoundContent={t('modal.noQueues')}
          options={(queues ?? []).map((queue) => ({ value: queue.id, label: queue.name ?? String(queue.id) }))}
        />
      </Form.Item>
      {/* The rule (a greeting with more than one queue) is the server's: its ERR_WAPP_GREETING_REQUIRED shows as the error popup. */}
      <Form.Item name="greetingMessage" label={t('modal.greetingMessage')}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </>
  );

  const messages = (
    <>
      {text('complationMessage')}
      {text('outOfHoursMessage')}
      {text('ratingMessage')}
      <Space align="start" wrap>
        <Form.Item name="expiresTicket" label={t('modal.expiresTicket')}>
          <InputNumber min={0} max={525_600} />
        </Form.Item>
        <Form.Item name="timeUseBotQueues" label={t('modal.timeUseBotQueues')}>
          <InputNumber min={0} max={525_600} />
        </Form.Item>
        <Form.Item name="maxUseBotQueues" label={t('modal.maxUseBotQueues')}>
          <InputNumber min={0} max={1000} />
        </Form.Item>
      </Space>
      {text('expiresInactiveMessage', 2)}
    </>
  );

  const integrations = (
    <>
      <Form.Item name="promptId" label={t('modal.prompt')}>
        <Select
          allowClear
          placeholder={t('modal.promptPlaceholder')}
          options={(prompts ?? []).map((prompt) => ({ value: prompt.id, label: prompt.name }))}
        />
      </Form.Item>
      <Form.Item name="integrationId" label={t('modal.integration')}>
        <Select
          allowClear
          placeholder={t('modal.promptPlaceholder')}
          options={(queueIntegrations?.pages ?? [])
            .flatMap((page) => page.queueIntegrations)
            .map((integration) => ({ value: integration.id, label: integration.name }))}
        />
      </Form.Item>
      {mayUseFlows ? (
        <Form.Item name="flowId" label={t('modal.flow')} extra={t('modal.flowHint')}>
          <Select allowClear placeholder={t('modal.promptPlaceholder')} options={flowOptions(flows?.pages)} data-testid="connection-flow" />
        </Form.Item>
      ) : null}
      <Form.Item label={t('modal.token')} extra={t('modal.tokenHelp')}>
        <ApiTokenField whatsappId={whatsappId} tokenHint={connection?.tokenHint ?? null} />
      </Form.Item>
    </>
  );

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !connection}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="connection-form-submit"
      width={720}
    >
      <Form
        form={form}
        name="connection"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
        data-testid="connection-form"
      >
        <Tabs
          items={[
            { key: 'general', label: t('modal.general'), children: general, forceRender: true },
            { key: 'messages', label: t('modal.messages'), children: messages, forceRender: true },
            { key: 'integrations', label: t('modal.integrations'), children: integrations, forceRender: true },
          ]}
        />
      </Form>
    </RecordFormModal>
  );
}

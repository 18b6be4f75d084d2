import type { DialogflowLanguage, QueueIntegrationType } from '@atrium/contracts';
import { SECRET_MASK } from '@atrium/contracts/ai/prompt-constants.js';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { apiFailureOf } from '../../../shared/api/api-error';
import { toastError } from '../../../shared/notify/error-popup';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import {
  useCreateQueueIntegrationMutation,
  useQueueIntegrationQuery,
  useSigningSecretQuery,
  useTestSessionMutation,
  useUpdateQueueIntegrationMutation,
  type QueueIntegrationInput,
} from '../api/queue-integrations.api';
import { IntegrationTypeLogo } from './integration-type-logo.component';

type FormValues = Required<{ [K in keyof QueueIntegrationInput]: Exclude<QueueIntegrationInput[K], undefined> }>;

const EMPTY: FormValues = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
};

/** The server's messages for a URL its SSRF guard refuses (apps/ai outbound-url.guard.ts). */
const REFUSED_URL = /private or local address|http or https URL|must not carry credentials/;

const TYPES: readonly QueueIntegrationType[] = ['typebot', 'n8n', 'webhook', 'dialogflow'];
const DIALOGFLOW_LANGUAGES: readonly DialogflowLanguage[] = ['pt-BR', 'en', 'es'];

/** Add/edit a queue integration (spec 001 "Queue integrations"): type select and the type's fields; Dialogflow's test session. */
export function QueueIntegrationFormModal({
  open,
  integrationId,
  onClose,
}: {
  open: boolean;
  integrationId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('queueIntegrations');
  const [form] = Form.useForm<FormValues>();
  const editing = integrationId !== null;
  const type = (Form.useWatch('type', form) ?? EMPTY.type) as QueueIntegrationType;
  const { data: integration, isFetching } = useQueueIntegrationQuery(integrationId ?? 0, {
    skip: !open || !editing,
    refetchOnMountOrArgChange: true,
  });
  const signedType = editing && integration && (integration.type === 'n8n' || integration.type === 'webhook');
  const { data: secret } = useSigningSecretQuery(integrationId ?? 0, { skip: !open || !signedType });
  const [create, creating] = useCreateQueueIntegrationMutation();
  const [update, updating] = useUpdateQueueIntegrationMutation();
  const [testSession, testing] = useTestSessionMutation();
  const [testAnswer, setTestAnswer] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setTestAnswer(null);
    if (!editing) return form.setFieldsValue(EMPTY);
    if (integration) {
      const values = Object.fromEntries(
        Object.entries(integration).map(([key, value]) => [key, value ?? (EMPTY as Record<string, unknown>)[key]]),
      );
      form.setFieldsValue(values as Partial<FormValues>);
    }
  }, [open, editing, integration, form]);

  const submit = async (values: FormValues) => {
    const input: QueueIntegrationInput = { ...values, name: values.name.trim() };
    const save = async () => {
      try {
        return await (editing ? update({ id: integrationId, ...input }).unwrap() : create(input).unwrap());
      } catch (error) {
        // the server's SSRF guard refused the URL (or the key file's token_uri): say so under the field
        const refused = apiFailureOf(error).fields.filter(
          (field) =>
            (field.field === 'urlN8N' || field.field === 'jsonContent') && field.messages.some((message) => REFUSED_URL.test(message)),
        );
        form.setFields(refused.map((field) => ({ name: field.field as 'urlN8N' | 'jsonContent', errors: [t('validation.urlRefused')] })));
        throw error;
      }
    };
    await saveRecord(save, t('toasts.saved'), onClose);
  };

  const runTest = async () => {
    const { projectName, jsonContent, language } = form.getFieldsValue(['projectName', 'jsonContent', 'language']) as FormValues;
    if (!projectName || !jsonContent || jsonContent === SECRET_MASK) return toast.warning(t('test.needsCredentials'));
    try {
      const answer = await testSession({ projectName, jsonContent, language: language ?? 'pt-BR' }).unwrap();
      setTestAnswer(answer.fulfillmentTexts.join('\n') || t('test.noText'));
      toast.success(t('test.ok'));
    } catch (error) {
      setTestAnswer(null);
      toastError(error);
    }
  };

  const required = { required: true, whitespace: true, message: t('validation.required') };
  return (
    <RecordFormModal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !integration}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="queue-integration-submit"
      width={640}
    >
      <Form
        form={form}
        name="queueIntegration"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
      >
        <Form.Item name="type" label={t('modal.type')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select
            data-testid="integration-type"
            options={TYPES.map((value) => ({
              value,
              label: (
                <Space>
                  <IntegrationTypeLogo type={value} />
                  {t(`types.${value}`)}
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('modal.name')}
          rules={[required, { min: 2, message: t('validation.tooShort') }, { max: 50, message: t('validation.tooLong') }]}
        >
          <Input autoComplete="off" data-testid="integration-name" />
        </Form.Item>

        {type === 'dialogflow' ? (
          <>
            <Form.Item name="projectName" label={t('modal.projectName')} rules={[required]}>
              <Input autoComplete="off" data-testid="integration-project" />
            </Form.Item>
            <Form.Item
              name="jsonContent"
              label={t('modal.jsonContent')}
              extra={editing ? t('modal.jsonContentKept') : undefined}
              rules={editing ? [] : [required]}
            >
              <Input.TextArea rows={5} autoComplete="off" spellCheck={false} data-testid="integration-json" />
            </Form.Item>
            <Form.Item name="language" label={t('modal.language')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select options={DIALOGFLOW_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))} />
            </Form.Item>
            <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
              <Button onClick={() => void runTest()} loading={testing.isLoading} data-testid="integration-test-session">
                {t('test.button')}
              </Button>
              {testAnswer ? (
                <Alert
                  type="success"
                  showIcon
                  title={t('test.answer')}
                  description={<span style={{ whiteSpace: 'pre-line' }}>{testAnswer}</span>}
                  data-testid="integration-test-answer"
                />
              ) : null}
            </Space>
          </>
        ) : null}

        {type === 'n8n' || type === 'webhook' ? (
          <>
            <Form.Item name="urlN8N" label={t('modal.url')} rules={[required, { type: 'url', message: t('validation.url') }]}>
              <Input autoComplete="off" placeholder="https://" data-testid="integration-url" />
            </Form.Item>
            {secret?.signingSecret ? (
              <Form.Item label={t('modal.signingSecret')} extra={t('modal.signingSecretHelp')}>
                <Typography.Text code copyable data-testid="integration-signing-secret">
                  {secret.signingSecret}
                </Typography.Text>
              </Form.Item>
            ) : null}
          </>
        ) : null}

        {type === 'typebot' ? (
          <>
            <Form.Item name="urlN8N" label={t('modal.typebotUrl')} rules={[required, { type: 'url', message: t('validation.url') }]}>
              <Input autoComplete="off" placeholder="https://" data-testid="integration-url" />
            </Form.Item>
            <Form.Item name="typebotSlug" label={t('modal.typebotSlug')} rules={[required]}>
              <Input autoComplete="off" data-testid="integration-slug" />
            </Form.Item>
            <Space wrap>
              <Form.Item name="typebotExpires" label={t('modal.typebotExpires')}>
                <InputNumber min={0} max={10080} />
              </Form.Item>
              <Form.Item name="typebotDelayMessage" label={t('modal.typebotDelayMessage')}>
                <InputNumber min={0} max={60000} step={100} />
              </Form.Item>
            </Space>
            <Space wrap>
              <Form.Item name="typebotKeywordRestart" label={t('modal.typebotKeywordRestart')}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="typebotKeywordFinish" label={t('modal.typebotKeywordFinish')}>
                <Input autoComplete="off" />
              </Form.Item>
            </Space>
            <Form.Item name="typebotRestartMessage" label={t('modal.typebotRestartMessage')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="typebotUnknownMessage" label={t('modal.typebotUnknownMessage')}>
              <Input autoComplete="off" />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </RecordFormModal>
  );
}

import { PROMPT_DEFAULTS, PROMPT_TEXT_VOICE, PROMPT_VOICES, SECRET_MASK } from '@atrium/contracts/ai/prompt-constants.js';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useCreatePromptMutation, usePromptQuery, useUpdatePromptMutation, type PromptInput } from '../../../shared/api/prompts.api';

interface PromptFormValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: number | null;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
}

const EMPTY: PromptFormValues = {
  name: '',
  apiKey: '',
  prompt: '',
  queueId: null,
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
  temperature: PROMPT_DEFAULTS.temperature,
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
};

/**
 * Add/edit a prompt (spec 001 "AI prompts"): name, apiKey (masked, with a show toggle that shows
 * only what the user typed: a stored key is never sent to the browser, an empty field keeps it),
 * prompt, queue, voice, voiceKey, voiceRegion, temperature, maxTokens, maxMessages. The spec's
 * schema is not applied on submit; only the queue is required ('Informe o setor').
 */
export function PromptFormModal({ open, promptId, onClose }: { open: boolean; promptId: number | null; onClose: () => void }) {
  const { t } = useTranslation('prompts');
  const [form] = Form.useForm<PromptFormValues>();
  const editing = promptId !== null;
  const { data: prompt, isFetching } = usePromptQuery(promptId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const { data: queues = [] } = useQueuesQuery(undefined, { skip: !open });
  const [createPrompt, creating] = useCreatePromptMutation();
  const [updatePrompt, updating] = useUpdatePromptMutation();
  const storedKey = editing && prompt?.apiKey === SECRET_MASK;
  const storedVoiceKey = editing && prompt?.voiceKey === SECRET_MASK;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(editing && prompt ? { ...EMPTY, ...prompt, apiKey: '', voiceKey: '', queueId: prompt.queueId } : EMPTY);
  }, [open, editing, prompt, form]);

  const submit = async (values: PromptFormValues) => {
    if (!values.queueId) {
      toastError(t('validation.queueRequired'));
      return;
    }
    const input: PromptInput = {
      name: values.name.trim(),
      prompt: values.prompt,
      queueId: values.queueId,
      voice: values.voice,
      voiceRegion: values.voiceRegion.trim(),
      temperature: values.temperature,
      maxTokens: values.maxTokens,
      maxMessages: values.maxMessages,
      ...(values.apiKey.trim() ? { apiKey: values.apiKey.trim() } : {}),
      ...(values.voiceKey.trim() ? { voiceKey: values.voiceKey.trim() } : {}),
    };
    await saveRecord(
      () => (editing ? updatePrompt({ id: promptId, ...input }).unwrap() : createPrompt(input).unwrap()),
      t('toasts.saved'),
      onClose,
    );
  };

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !prompt}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="prompt-form-submit"
      width={640}
    >
      <Form
        form={form}
        name="prompt"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
      >
        <Form.Item name="name" label={t('modal.name')}>
          <Input autoFocus autoComplete="off" data-testid="prompt-name-input" />
        </Form.Item>
        <Form.Item name="apiKey" label={t('modal.apiKey')} extra={storedKey ? t('modal.apiKeyStored') : undefined}>
          <Input.Password autoComplete="new-password" placeholder={storedKey ? SECRET_MASK : ''} data-testid="prompt-api-key" />
        </Form.Item>
        <Form.Item name="prompt" label={t('modal.prompt')}>
          <Input.TextArea rows={6} data-testid="prompt-text" />
        </Form.Item>
        <Form.Item name="queueId" label={t('modal.queue')}>
          <Select
            placeholder={t('modal.queuePlaceholder')}
            options={queues.map((queue) => ({ value: queue.id, label: queue.name }))}
            data-testid="prompt-queue"
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="voice" label={t('modal.voice')}>
              <Select
                options={PROMPT_VOICES.map((voice) => ({ value: voice, label: voice === PROMPT_TEXT_VOICE ? t('modal.textOnly') : voice }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="voiceKey" label={t('modal.voiceKey')}>
              <Input.Password autoComplete="new-password" placeholder={storedVoiceKey ? SECRET_MASK : ''} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="voiceRegion" label={t('modal.voiceRegion')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="temperature" label={t('modal.temperature')}>
              <InputNumber min={0} max={2} step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="maxTokens" label={t('modal.maxTokens')}>
              <InputNumber min={1} max={16384} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="maxMessages" label={t('modal.maxMessages')}>
              <InputNumber min={1} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </RecordFormModal>
  );
}

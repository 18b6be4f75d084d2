import type { QueueView, ScheduleRow } from '@atrium/contracts';
import { Alert, ColorPicker, Form, Input, InputNumber, Select, Space, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { flowOptions, useFlowsPageInfiniteQuery } from '../../../shared/api/flows.api';
import { usePromptListQuery } from '../../../shared/api/prompts.api';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { RecordFormModal } from '../../../shared/ui/record-form-modal.component';
import { MODAL_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { lengthRules } from '../../../shared/ui/validation-rules';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useQueueIntegrationsPageInfiniteQuery } from '../../queue-integrations/api/queue-integrations.api';
import { useSettingsQuery } from '../../settings/api/settings.api';
import { scheduleRows } from '../../settings/company-schedule';
import { settingValue } from '../../settings/components/options-tab.component';
import { CompanyTimeZoneField } from '../../settings/components/company-time-zone.component';
import { WeekScheduleFields } from '../../settings/components/week-schedule-fields.component';
import { useCreateQueueMutation, useQueueQuery, useQueuesQuery, useUpdateQueueMutation, type QueueInput } from '../api/queues.api';
import { DEFAULT_QUEUE_COLOR, nextQueueColor, QUEUE_COLORS } from '../queue-colors';
import { OptionTree } from './option-tree.component';

interface QueueFormValues {
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  promptId: number | null;
  integrationId: number | null;
  flowId: number | null;
  schedules: ScheduleRow[];
}

function emptyValues(): QueueFormValues {
  return {
    name: '',
    color: DEFAULT_QUEUE_COLOR,
    orderQueue: null,
    greetingMessage: '',
    outOfHoursMessage: '',
    promptId: null,
    integrationId: null,
    flowId: null,
    schedules: scheduleRows(undefined),
  };
}

function valuesOf(queue: QueueView): QueueFormValues {
  return {
    name: queue.name,
    color: queue.color,
    orderQueue: queue.orderQueue,
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    promptId: queue.promptId,
    integrationId: queue.integrationId,
    flowId: queue.flowId,
    schedules: scheduleRows(queue.schedules),
  };
}

/** The colour picker answers a Color object or a hex text; the API stores '#RRGGBB'. */
function hexOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'toHexString' in value && typeof value.toHexString === 'function')
    return String(value.toHexString());
  return DEFAULT_QUEUE_COLOR;
}

export interface QueueFormModalProps {
  open: boolean;
  /** null adds a queue. */
  queueId: number | null;
  /** A new queue was saved: the dialog goes on editing it (its option tree needs its id). */
  onCreated: (queueId: number) => void;
  onClose: () => void;
}

/**
 * Add/edit a queue (spec 001 "Queues"): 'Dados da Fila' — name 2-50, colour (50 presets),
 * order, greeting and out-of-hours messages, prompt, and the option tree editor once the queue
 * exists — and 'Horários de Atendimento' when the schedule type setting is 'queue'.
 */
export function QueueFormModal({ open, queueId, onCreated, onClose }: QueueFormModalProps) {
  const { t } = useTranslation('queues');
  const [form] = Form.useForm<QueueFormValues>();
  const editing = queueId !== null;
  const { data: queue, isFetching } = useQueueQuery(queueId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const { data: queues } = useQueuesQuery(undefined, { skip: !open || editing });
  const { data: settings } = useSettingsQuery(undefined, { skip: !open });
  const { data: prompts } = usePromptListQuery(undefined, { skip: !open });
  const { data: queueIntegrations } = useQueueIntegrationsPageInfiniteQuery('', { skip: !open });
  // Flows are part of the integrations of the plan (issue 27).
  const mayUseFlows = useSessionUser().company.plan.useIntegrations === true;
  const { data: flows } = useFlowsPageInfiniteQuery('', { skip: !open || !mayUseFlows });
  const [createQueue, creating] = useCreateQueueMutation();
  const [updateQueue, updating] = useUpdateQueueMutation();
  const byQueueHours = settingValue(settings, 'scheduleType') === 'queue';

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue(emptyValues());
    else if (queue) form.setFieldsValue(valuesOf(queue));
  }, [open, editing, queue, form]);

  // A new queue starts with a colour no queue of the company uses, unless the user already chose one.
  useEffect(() => {
    if (open && !editing && queues && !form.isFieldTouched('color'))
      form.setFieldValue('color', nextQueueColor(queues.map((existing) => existing.color)));
  }, [open, editing, queues, form]);

  const submit = async () => {
    // Every schedule row with its weekday names, not only the time fields the form renders.
    const values = form.getFieldsValue(true) as QueueFormValues;
    const input: QueueInput = {
      name: values.name.trim(),
      color: hexOf(values.color),
      orderQueue: values.orderQueue ?? null,
      greetingMessage: values.greetingMessage,
      outOfHoursMessage: values.outOfHoursMessage,
      promptId: values.promptId ?? null,
      integrationId: values.integrationId ?? null,
      // A cleared flow detaches it (null); without the plan's integrations the field is not there to send.
      ...(mayUseFlows ? { flowId: values.flowId ?? null } : {}),
      schedules: values.schedules,
    };
    await submitDelay(MODAL_SUBMIT_DELAY_MS);
    try {
      if (editing) {
        await updateQueue({ id: queueId, ...input }).unwrap();
        toast.success(t('toasts.saved'));
        onClose();
      } else {
        const created = await createQueue(input).unwrap();
        toast.success(t('toasts.saved'));
        onCreated(created.id);
      }
    } catch (error) {
      toastError(error);
    }
  };

  const data = (
    <>
      <Space align="start" wrap style={{ width: '100%' }}>
        <Form.Item name="name" label={t('modal.name')} rules={lengthRules(t, 2, 50)} style={{ minWidth: 260 }}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('modal.color')}
          getValueFromEvent={(color: unknown) => hexOf(color)}
          rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }]}
        >
          <ColorPicker
            showText
            disabledAlpha
            format="hex"
            presets={[{ label: t('modal.colorPresets'), colors: [...QUEUE_COLORS] }]}
            data-testid="queue-color"
          />
        </Form.Item>
        <Form.Item name="orderQueue" label={t('modal.orderQueue')}>
          <InputNumber min={0} max={100_000} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Space>
      <Form.Item name="greetingMessage" label={t('modal.greetingMessage')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="outOfHoursMessage" label={t('modal.outOfHoursMessage')} extra={byQueueHours ? undefined : t('modal.outOfHoursHint')}>
        <Input.TextArea rows={2} />
      </Form.Item>
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
          <Select allowClear placeholder={t('modal.promptPlaceholder')} options={flowOptions(flows?.pages)} data-testid="queue-flow" />
        </Form.Item>
      ) : null}
      {editing ? <OptionTree queueId={queueId} /> : <Alert type="info" showIcon title={t('options.saveFirst')} />}
    </>
  );

  const tabs = [{ key: 'data', label: t('modal.dataTab'), children: data, forceRender: true }];
  if (byQueueHours)
    tabs.push({
      key: 'schedules',
      label: t('modal.schedulesTab'),
      children: (
        <>
          <CompanyTimeZoneField />
          <WeekScheduleFields form={form} />
        </>
      ),
      forceRender: true,
    });

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !queue}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="queue-form-submit"
      width={760}
    >
      {/* No <form> element: the option tree's own forms sit inside; OK submits through the instance. */}
      <Form
        form={form}
        name="queue"
        layout="vertical"
        initialValues={emptyValues()}
        onFinish={() => void submit()}
        requiredMark="optional"
        component={false}
      >
        <Tabs items={tabs} data-testid="queue-tabs" />
      </Form>
    </RecordFormModal>
  );
}

import type { FlowNode, FlowNodeDataByType, FlowNodeType } from '@atrium/contracts';
import {
  FLOW_BUILTIN_VARIABLES,
  FLOW_CONDITION_OPERATORS,
  FLOW_HTTP_METHODS,
  FLOW_QUESTION_VALIDATIONS,
} from '@atrium/contracts/ai/flow-types.js';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Switch, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePromptListQuery } from '../../../shared/api/prompts.api';
import { useUserListQuery } from '../../../shared/api/user-list.api';
import { useQueueIntegrationsPageInfiniteQuery } from '../../queue-integrations/api/queue-integrations.api';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useTagListQuery } from '../../tags/api/tags.api';
import { NO_MARKS } from '../flow-problem-marks';
import { ProblemMarksContext } from './flow-node.component';
import { FlowNodeIcon } from './flow-node-icon.component';
import { MenuOptionsField, PairsField, RulesField } from './flow-list-fields.component';

/** The built-in variables as the texts name them, given to the hints that show them (not interpolated). */
const VARIABLE_TOKENS: Record<string, string> = Object.fromEntries(FLOW_BUILTIN_VARIABLES.map((name) => [name, `{{${name}}}`]));

type DataOf<T extends FlowNodeType> = FlowNodeDataByType[T];

export interface NodeFormProps<T extends FlowNodeType> {
  data: DataOf<T>;
  /** A changed field: the node's data with it, and the field's name (one undo step per field). */
  onChange: (data: DataOf<T>, field: string) => void;
}

/** A labelled field, in red with the panel's hint while the shared checks find a problem in it. */
export function Field({ nodeId, name, label, children }: { nodeId: string; name: string; label: string; children: ReactNode }) {
  const { t } = useTranslation('flows');
  const marks = useContext(ProblemMarksContext).byNode.get(nodeId) ?? NO_MARKS;
  const invalid = marks.fields.has(name);
  return (
    <Form.Item
      label={label}
      validateStatus={invalid ? 'error' : undefined}
      help={invalid ? t(`problems.fields.${name}`, { defaultValue: t('problems.field') }) : undefined}
    >
      {children}
    </Form.Item>
  );
}

/** Sets one field of `data`, leaving optional ones out when emptied (the API's shapes keep no empty optional field). */
function withField<T extends object>(data: T, name: keyof T & string, value: unknown): T {
  const next = { ...data } as Record<string, unknown>;
  if (value === undefined || value === null || value === '') delete next[name];
  else next[name] = value;
  return next as T;
}

function StartForm({ id, data, onChange }: NodeFormProps<'start'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <>
      <Field nodeId={id} name="trigger" label={t('fields.trigger')}>
        <Select
          value={data.trigger}
          onChange={(trigger) => onChange({ ...data, trigger }, 'trigger')}
          options={(['new-conversation', 'keyword'] as const).map((value) => ({ value, label: t(`triggers.${value}`) }))}
          data-testid="flow-field-trigger"
        />
      </Field>
      {data.trigger === 'keyword' ? (
        <Field nodeId={id} name="keywords" label={t('fields.keywords')}>
          <Select
            mode="tags"
            value={data.keywords ?? []}
            onChange={(keywords: string[]) => onChange({ ...data, keywords }, 'keywords')}
            tokenSeparators={[',']}
            open={false}
            data-testid="flow-field-keywords"
          />
        </Field>
      ) : null}
    </>
  );
}

function TextField({
  id,
  name,
  label,
  value,
  onChange,
  rows = 3,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  rows?: number;
}) {
  const { t } = useTranslation('flows');
  return (
    <Field nodeId={id} name={name} label={label}>
      <Input.TextArea
        rows={rows}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('fields.textPlaceholder', VARIABLE_TOKENS)}
        data-testid={`flow-field-${name}`}
      />
    </Field>
  );
}

function MessageForm({ id, data, onChange }: NodeFormProps<'message'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <>
      <TextField id={id} name="text" label={t('fields.text')} value={data.text} onChange={(text) => onChange({ ...data, text }, 'text')} />
      <Field nodeId={id} name="mediaUrl" label={t('fields.mediaUrl')}>
        <Input
          value={data.mediaUrl ?? ''}
          onChange={(event) => onChange(withField(data, 'mediaUrl', event.target.value), 'mediaUrl')}
          data-testid="flow-field-mediaUrl"
        />
      </Field>
    </>
  );
}

function MenuForm({ id, data, onChange }: NodeFormProps<'menu'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <>
      <TextField id={id} name="text" label={t('fields.text')} value={data.text} onChange={(text) => onChange({ ...data, text }, 'text')} />
      <Field nodeId={id} name="options" label={t('fields.options')}>
        <MenuOptionsField options={data.options} onChange={(options, field) => onChange({ ...data, options }, field)} />
      </Field>
      <TextField
        id={id}
        name="invalidText"
        label={t('fields.invalidText')}
        rows={2}
        value={data.invalidText}
        onChange={(text) => onChange(withField(data, 'invalidText', text), 'invalidText')}
      />
    </>
  );
}

function QuestionForm({ id, data, onChange }: NodeFormProps<'question'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <>
      <TextField id={id} name="text" label={t('fields.text')} value={data.text} onChange={(text) => onChange({ ...data, text }, 'text')} />
      <Field nodeId={id} name="variable" label={t('fields.variable')}>
        <Input
          value={data.variable}
          onChange={(event) => onChange({ ...data, variable: event.target.value.trim() }, 'variable')}
          data-testid="flow-field-variable"
        />
      </Field>
      <Field nodeId={id} name="validation" label={t('fields.validation')}>
        <Select
          value={data.validation}
          onChange={(validation) => onChange({ ...data, validation }, 'validation')}
          options={FLOW_QUESTION_VALIDATIONS.map((value) => ({ value, label: t(`validations.${value}`) }))}
          data-testid="flow-field-validation"
        />
      </Field>
      <TextField
        id={id}
        name="invalidText"
        label={t('fields.invalidText')}
        rows={2}
        value={data.invalidText}
        onChange={(text) => onChange(withField(data, 'invalidText', text), 'invalidText')}
      />
      <Field nodeId={id} name="timeoutSeconds" label={t('fields.timeoutSeconds')}>
        <InputNumber
          min={1}
          precision={0}
          value={data.timeoutSeconds ?? null}
          onChange={(value) => onChange(withField(data, 'timeoutSeconds', value), 'timeoutSeconds')}
          data-testid="flow-field-timeoutSeconds"
        />
      </Field>
    </>
  );
}

function ConditionForm({ id, data, onChange }: NodeFormProps<'condition'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <>
      <Field nodeId={id} name="match" label={t('fields.match')}>
        <Select
          value={data.match}
          onChange={(match) => onChange({ ...data, match }, 'match')}
          options={(['all', 'any'] as const).map((value) => ({ value, label: t(`matches.${value}`) }))}
          data-testid="flow-field-match"
        />
      </Field>
      <Field nodeId={id} name="rules" label={t('fields.rules')}>
        <RulesField
          rules={data.rules}
          operators={FLOW_CONDITION_OPERATORS}
          onChange={(rules, field) => onChange({ ...data, rules }, field)}
        />
      </Field>
    </>
  );
}

function HttpForm({ id, data, onChange }: NodeFormProps<'http'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <>
      <Field nodeId={id} name="method" label={t('fields.method')}>
        <Select
          value={data.method}
          onChange={(method) => onChange({ ...data, method }, 'method')}
          options={FLOW_HTTP_METHODS.map((value) => ({ value, label: value }))}
        />
      </Field>
      <Field nodeId={id} name="url" label={t('fields.url')}>
        <Input value={data.url} onChange={(event) => onChange({ ...data, url: event.target.value }, 'url')} data-testid="flow-field-url" />
      </Field>
      <Field nodeId={id} name="headers" label={t('fields.headers')}>
        <PairsField
          value={data.headers}
          keyLabel={t('fields.headerName')}
          valueLabel={t('fields.headerValue')}
          onChange={(headers) => onChange(withField(data, 'headers', headers), 'headers')}
        />
      </Field>
      <TextField
        id={id}
        name="body"
        label={t('fields.body')}
        value={data.body}
        onChange={(body) => onChange(withField(data, 'body', body), 'body')}
      />
      <Field nodeId={id} name="saveAs" label={t('fields.saveAs')}>
        <PairsField
          value={data.saveAs}
          keyLabel={t('fields.variable')}
          valueLabel={t('fields.jsonPath')}
          onChange={(saveAs) => onChange(withField(data, 'saveAs', saveAs), 'saveAs')}
        />
      </Field>
    </>
  );
}

function DelayForm({ id, data, onChange }: NodeFormProps<'delay'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <Field nodeId={id} name="seconds" label={t('fields.seconds')}>
      <InputNumber
        min={1}
        precision={0}
        value={data.seconds ?? null}
        onChange={(value) => onChange({ ...data, seconds: value as number }, 'seconds')}
        data-testid="flow-field-seconds"
      />
    </Field>
  );
}

function TagForm({ id, data, onChange }: NodeFormProps<'tag'> & { id: string }) {
  const { t } = useTranslation('flows');
  const { data: tags } = useTagListQuery();
  const options = (tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  return (
    <>
      <Field nodeId={id} name="add" label={t('fields.addTags')}>
        <Select
          mode="multiple"
          value={data.add ?? []}
          options={options}
          onChange={(add: number[]) => onChange(withField(data, 'add', add.length ? add : undefined), 'add')}
        />
      </Field>
      <Field nodeId={id} name="remove" label={t('fields.removeTags')}>
        <Select
          mode="multiple"
          value={data.remove ?? []}
          options={options}
          onChange={(remove: number[]) => onChange(withField(data, 'remove', remove.length ? remove : undefined), 'remove')}
        />
      </Field>
    </>
  );
}

function TransferForm({ id, data, onChange }: NodeFormProps<'transfer'> & { id: string }) {
  const { t } = useTranslation('flows');
  const { data: queues } = useQueuesQuery();
  const { data: users } = useUserListQuery();
  return (
    <>
      <Field nodeId={id} name="queueId" label={t('fields.queue')}>
        <Select
          allowClear
          value={data.queueId}
          options={(queues ?? []).map((queue) => ({ value: queue.id, label: queue.name }))}
          onChange={(queueId?: number) => onChange(withField(data, 'queueId', queueId), 'queueId')}
          data-testid="flow-field-queueId"
        />
      </Field>
      <Field nodeId={id} name="userId" label={t('fields.user')}>
        <Select
          allowClear
          value={data.userId}
          options={(users ?? []).map((user) => ({ value: user.id, label: user.name }))}
          onChange={(userId?: number) => onChange(withField(data, 'userId', userId), 'userId')}
        />
      </Field>
    </>
  );
}

function AiForm({ id, data, onChange }: NodeFormProps<'ai'> & { id: string }) {
  const { t } = useTranslation('flows');
  const { data: prompts } = usePromptListQuery();
  return (
    <Field nodeId={id} name="promptId" label={t('fields.prompt')}>
      <Select
        value={data.promptId}
        options={(prompts ?? []).map((prompt) => ({ value: prompt.id, label: prompt.name }))}
        onChange={(promptId: number) => onChange({ ...data, promptId }, 'promptId')}
      />
    </Field>
  );
}

function IntegrationForm({ id, data, onChange }: NodeFormProps<'integration'> & { id: string }) {
  const { t } = useTranslation('flows');
  const { data: pages } = useQueueIntegrationsPageInfiniteQuery('');
  return (
    <Field nodeId={id} name="integrationId" label={t('fields.integration')}>
      <Select
        value={data.integrationId}
        options={(pages?.pages ?? [])
          .flatMap((page) => page.queueIntegrations)
          .map((integration) => ({ value: integration.id, label: integration.name }))}
        onChange={(integrationId: number) => onChange({ ...data, integrationId }, 'integrationId')}
      />
    </Field>
  );
}

function EndForm({ id, data, onChange }: NodeFormProps<'end'> & { id: string }) {
  const { t } = useTranslation('flows');
  return (
    <>
      <TextField
        id={id}
        name="text"
        label={t('fields.endText')}
        value={data.text}
        onChange={(text) => onChange(withField(data, 'text', text), 'text')}
      />
      <Field nodeId={id} name="closeTicket" label={t('fields.closeTicket')}>
        <Switch
          checked={data.closeTicket ?? false}
          onChange={(closeTicket) => onChange(withField(data, 'closeTicket', closeTicket || undefined), 'closeTicket')}
        />
      </Field>
    </>
  );
}

/** The form of one node type; each one edits the fields issue 27 gives that type. */
function FormOf({ node, onChange }: { node: FlowNode; onChange: (data: object, field: string) => void }) {
  switch (node.type) {
    case 'start':
      return <StartForm id={node.id} data={node.data} onChange={onChange} />;
    case 'message':
      return <MessageForm id={node.id} data={node.data} onChange={onChange} />;
    case 'menu':
      return <MenuForm id={node.id} data={node.data} onChange={onChange} />;
    case 'question':
      return <QuestionForm id={node.id} data={node.data} onChange={onChange} />;
    case 'condition':
      return <ConditionForm id={node.id} data={node.data} onChange={onChange} />;
    case 'http':
      return <HttpForm id={node.id} data={node.data} onChange={onChange} />;
    case 'delay':
      return <DelayForm id={node.id} data={node.data} onChange={onChange} />;
    case 'tag':
      return <TagForm id={node.id} data={node.data} onChange={onChange} />;
    case 'transfer':
      return <TransferForm id={node.id} data={node.data} onChange={onChange} />;
    case 'ai':
      return <AiForm id={node.id} data={node.data} onChange={onChange} />;
    case 'integration':
      return <IntegrationForm id={node.id} data={node.data} onChange={onChange} />;
    case 'end':
      return <EndForm id={node.id} data={node.data} onChange={onChange} />;
  }
}

/** The side panel: the selected node's form, its delete button, and the variables texts may use. */
export function FlowNodePanel({
  node,
  onChange,
  onDelete,
}: {
  node: FlowNode;
  onChange: (data: Record<string, unknown>, field: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('flows');
  return (
    <div className="flow-panel" data-testid="flow-node-panel" data-node-id={node.id}>
      <div className="flow-panel-title">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <FlowNodeIcon type={node.type} /> {t(`types.${node.type}`)}
        </Typography.Title>
        {node.type !== 'start' ? (
          <Popconfirm
            title={t('panel.deleteNode')}
            onConfirm={onDelete}
            okText={t('delete', { ns: 'common' })}
            cancelText={t('cancel', { ns: 'common' })}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('panel.deleteNode')} data-testid="flow-node-delete" />
          </Popconfirm>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary" className="flow-panel-hint">
        {t('panel.variablesHint', VARIABLE_TOKENS)}
      </Typography.Paragraph>
      <Form layout="vertical" component="div" key={node.id}>
        <FormOf node={node} onChange={(data, field) => onChange(data as Record<string, unknown>, field)} />
      </Form>
    </div>
  );
}

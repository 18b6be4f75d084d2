import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FlowConditionOperator, FlowNodeDataByType } from '@atrium/contracts';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { newId } from '../flow-node-defaults';

type MenuOption = FlowNodeDataByType['menu']['options'][number];
type Rule = FlowNodeDataByType['condition']['rules'][number];

/** A menu's options: the label of each (the customer answers its number or its text); each keeps its id, its output's name. */
export function MenuOptionsField({
  options,
  onChange,
}: {
  options: MenuOption[];
  onChange: (options: MenuOption[], field: string) => void;
}) {
  const { t } = useTranslation('flows');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {options.map((option, index) => (
        <Space.Compact key={option.id} style={{ width: '100%' }}>
          <Input
            prefix={`${index + 1}.`}
            value={option.label}
            placeholder={t('fields.optionLabel')}
            onChange={(event) =>
              onChange(
                options.map((other) => (other.id === option.id ? { ...other, label: event.target.value } : other)),
                `options.${option.id}`,
              )
            }
            data-testid={`flow-option-${index}`}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('fields.removeOption')}
            onClick={() =>
              onChange(
                options.filter((other) => other.id !== option.id),
                'options',
              )
            }
          />
        </Space.Compact>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange([...options, { id: newId('opt'), label: '' }], 'options')}
        data-testid="flow-add-option"
      >
        {t('fields.addOption')}
      </Button>
    </Space>
  );
}

/** A condition's rules: variable, operator and (except for "exists") the value compared. */
export function RulesField({
  rules,
  operators,
  onChange,
}: {
  rules: Rule[];
  operators: readonly FlowConditionOperator[];
  onChange: (rules: Rule[], field: string) => void;
}) {
  const { t } = useTranslation('flows');
  const set = (index: number, rule: Rule, field: string) =>
    onChange(
      rules.map((other, i) => (i === index ? rule : other)),
      `rules.${index}.${field}`,
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rules.map((rule, index) => (
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Input
            value={rule.variable}
            placeholder={t('fields.variable')}
            onChange={(event) => set(index, { ...rule, variable: event.target.value.trim() }, 'variable')}
            data-testid={`flow-rule-${index}-variable`}
          />
          <Select
            value={rule.operator}
            style={{ minWidth: 120 }}
            options={operators.map((value) => ({ value, label: t(`operators.${value}`) }))}
            onChange={(operator: FlowConditionOperator) => {
              const { value: _value, ...rest } = rule;
              set(index, operator === 'exists' ? { ...rest, operator } : { ...rule, operator, value: rule.value ?? '' }, 'operator');
            }}
            data-testid={`flow-rule-${index}-operator`}
          />
          {rule.operator !== 'exists' ? (
            <Input
              value={rule.value ?? ''}
              placeholder={t('fields.value')}
              onChange={(event) => set(index, { ...rule, value: event.target.value }, 'value')}
              data-testid={`flow-rule-${index}-value`}
            />
          ) : null}
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('fields.removeRule')}
            onClick={() =>
              onChange(
                rules.filter((_, i) => i !== index),
                'rules',
              )
            }
          />
        </Space.Compact>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange([...rules, { variable: '', operator: 'equals', value: '' }], 'rules')}
        data-testid="flow-add-rule"
      >
        {t('fields.addRule')}
      </Button>
    </Space>
  );
}

/** Name → value pairs (an HTTP node's headers, its saveAs variables → JSON paths); undefined when empty. */
export function PairsField({
  value,
  keyLabel,
  valueLabel,
  onChange,
}: {
  value: Record<string, string> | undefined;
  keyLabel: string;
  valueLabel: string;
  onChange: (value: Record<string, string> | undefined) => void;
}) {
  const { t } = useTranslation('flows');
  const pairs = Object.entries(value ?? {});
  const emit = (next: Array<[string, string]>) => onChange(next.length ? Object.fromEntries(next) : undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {pairs.map(([key, text], index) => (
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Input
            value={key}
            placeholder={keyLabel}
            onChange={(event) => emit(pairs.map((pair, i) => (i === index ? [event.target.value, pair[1]] : pair)))}
          />
          <Input
            value={text}
            placeholder={valueLabel}
            onChange={(event) => emit(pairs.map((pair, i) => (i === index ? [pair[0], event.target.value] : pair)))}
          />
          <Button icon={<DeleteOutlined />} aria-label={t('fields.removePair')} onClick={() => emit(pairs.filter((_, i) => i !== index))} />
        </Space.Compact>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => emit([...pairs, [`${keyLabel.toLowerCase().replace(/\W+/g, '')}${pairs.length + 1}`, '']])}
      >
        {t('fields.addPair')}
      </Button>
    </Space>
  );
}

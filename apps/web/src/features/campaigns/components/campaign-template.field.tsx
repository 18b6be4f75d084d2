import type { CampaignTemplate, TemplateParameters } from '@atrium/contracts';
import { templateText } from '@atrium/contracts/sessions/template-text.js';
import { Alert, AutoComplete, Flex, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemplatesQuery } from '../../templates/api/templates.api';
import { parametersOf, slotsOf, type TemplatePart } from '../../templates/template-slots';

export interface CampaignTemplateFieldProps {
  whatsappId: number;
  /** The variables a value may use ({nome}, {numero}, {email} and the company's own). */
  variables: string[];
  value?: CampaignTemplate | null;
  onChange?: (value: CampaignTemplate | null) => void;
  disabled?: boolean;
  /** What the note above the picker says (the campaign's by default; the schedule dialog says its own). */
  hint?: string;
}

const keyOf = (template: { name: string; language: string }) => `${template.name}|${template.language}`;

/**
 * A campaign's template on a Cloud API connection (issue 26): one of the connection's approved
 * templates, and for each of its variables a value that may name the contact list's columns
 * ({nome}, {numero}, {email}) or the company's variables, filled per recipient when sent. Shows
 * the text a recipient reads with the values as written. A controlled field of the campaign form,
 * and of the schedule dialog (its values may name the contact: {nome}, {numero}, {email}).
 */
export function CampaignTemplateField({ whatsappId, variables, value, onChange, disabled, hint }: CampaignTemplateFieldProps) {
  const { t } = useTranslation('campaigns');
  const { data: templates } = useTemplatesQuery(whatsappId);
  const approved = useMemo(() => (templates ?? []).filter((template) => template.status === 'APPROVED'), [templates]);
  const chosen = value ? (approved.find((template) => keyOf(template) === keyOf(value)) ?? null) : null;
  const slots = chosen ? slotsOf(chosen) : [];
  const values: TemplateParameters = value?.parameters ?? {};

  const choose = (key: string | undefined) => {
    const template = approved.find((candidate) => keyOf(candidate) === key);
    if (!template) return onChange?.(null);
    // the recipient's name is what most templates greet: the first body variable starts as {nome}
    const fresh = slotsOf(template);
    const start: TemplateParameters = { body: fresh.filter((slot) => slot.part === 'body').map((_, i) => (i === 0 ? '{nome}' : '')) };
    onChange?.({ name: template.name, language: template.language, parameters: parametersOf(fresh, start) });
  };
  const setValue = (part: TemplatePart, index: number, text: string) => {
    if (!value) return;
    const list = [...(values[part] ?? [])];
    list[index] = text;
    onChange?.({ ...value, parameters: parametersOf(slots, { ...values, [part]: list }) });
  };

  return (
    <Flex vertical gap={8} data-testid="campaign-template">
      <Alert type="info" showIcon message={hint ?? t('modal.templateHint')} />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        disabled={disabled}
        placeholder={t('modal.templateChoose')}
        notFoundContent={t('modal.templateNone')}
        value={value ? keyOf(value) : undefined}
        onChange={(key: string | undefined) => choose(key)}
        options={approved.map((template) => ({ value: keyOf(template), label: `${template.name} (${template.language})` }))}
        data-testid="campaign-template-select"
      />
      {slots.map((slot) => (
        <Flex key={`${slot.part}-${slot.index}`} align="center" gap={8}>
          <Typography.Text style={{ minWidth: 140 }}>{t(`modal.templateSlot.${slot.part}`, { name: slot.name })}</Typography.Text>
          <AutoComplete
            style={{ flex: 1 }}
            disabled={disabled}
            value={values[slot.part]?.[slot.index] ?? ''}
            options={variables.map((variable) => ({ value: variable }))}
            onChange={(text: string) => setValue(slot.part, slot.index, text)}
            data-testid={`campaign-template-${slot.part}-${slot.index}`}
          />
        </Flex>
      ))}
      {chosen ? (
        <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="campaign-template-preview">
          {templateText(chosen.components, values)}
        </Typography.Paragraph>
      ) : null}
    </Flex>
  );
}

import { SendOutlined } from '@ant-design/icons';
import type { CustomerWindowView, MessageView, TemplateParameters, WhatsappTemplateView } from '@atrium/contracts';
import { templateText } from '@atrium/contracts/sessions/template-text.js';
import { Alert, Button, Flex, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { useSendTemplateMutation, useTemplatesQuery } from '../api/templates.api';

type Part = keyof Required<TemplateParameters>;

export interface TemplatePickerProps {
  ticketId: number;
  whatsappId: number;
  window: CustomerWindowView;
  onSent: (message: MessageView) => void;
}

/** The inputs a template asks for, one per variable, in order: header, body, then URL buttons. */
function slotsOf(template: WhatsappTemplateView): Array<{ part: Part; index: number; name: string }> {
  const { header, headerMedia, body, buttons } = template.variables;
  return [
    ...(headerMedia
      ? [{ part: 'header' as const, index: 0, name: headerMedia }]
      : header.map((name, index) => ({ part: 'header' as const, index, name }))),
    ...body.map((name, index) => ({ part: 'body' as const, index, name })),
    ...buttons.map((button, index) => ({ part: 'buttons' as const, index, name: String(button + 1) })),
  ];
}

/**
 * The composer when Meta's 24-hour window is closed (issue 26): it says so, and sends one of the
 * connection's approved templates with its variables filled, showing the text the customer gets.
 */
export function TemplatePicker({ ticketId, whatsappId, window, onSent }: TemplatePickerProps) {
  const { t } = useTranslation('messages');
  const { data: templates } = useTemplatesQuery(whatsappId);
  const [send, sending] = useSendTemplateMutation();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [values, setValues] = useState<TemplateParameters>({});
  const approved = useMemo(() => (templates ?? []).filter((template) => template.status === 'APPROVED'), [templates]);
  const chosen = approved.find((template) => template.id === chosenId) ?? null;
  const slots = chosen ? slotsOf(chosen) : [];
  const complete = slots.every((slot) => (values[slot.part]?.[slot.index] ?? '').trim() !== '');

  const setValue = (part: Part, index: number, value: string) => {
    const list = [...(values[part] ?? [])];
    list[index] = value;
    setValues({ ...values, [part]: list });
  };

  const submit = async () => {
    if (!chosen || !complete) return;
    const parameters: TemplateParameters = {};
    for (const part of ['header', 'body', 'buttons'] as const) {
      const count = slots.filter((slot) => slot.part === part).length;
      if (count > 0) parameters[part] = Array.from({ length: count }, (_, i) => (values[part]?.[i] ?? '').trim());
    }
    try {
      onSent(await send({ ticketId, name: chosen.name, language: chosen.language, parameters }).unwrap());
      setChosenId(null);
      setValues({});
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="composer" data-testid="template-picker">
      <Alert
        type="warning"
        showIcon
        data-testid="window-closed"
        message={t('window.closed')}
        description={
          window.lastCustomerMessageAt
            ? t('window.lastMessage', { when: dayjs(window.lastCustomerMessageAt).format('DD/MM/YY HH:mm') })
            : t('window.never')
        }
      />
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('window.choose')}
          notFoundContent={t('window.noTemplates')}
          value={chosenId ?? undefined}
          onChange={(id: number) => {
            setChosenId(id);
            setValues({});
          }}
          options={approved.map((template) => ({ value: template.id, label: `${template.name} (${template.language})` }))}
          data-testid="template-select"
        />
        {slots.map((slot) => (
          <Input
            key={`${slot.part}-${slot.index}`}
            addonBefore={t(`window.slot.${slot.part}`, { name: slot.name })}
            value={values[slot.part]?.[slot.index] ?? ''}
            onChange={(event) => setValue(slot.part, slot.index, event.target.value)}
            data-testid={`template-${slot.part}-${slot.index}`}
          />
        ))}
        {chosen ? (
          <Typography.Paragraph className="template-preview" data-testid="template-preview" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {templateText(chosen.components, values)}
          </Typography.Paragraph>
        ) : null}
        <Flex justify="end">
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!chosen || !complete}
            loading={sending.isLoading}
            onClick={() => void submit()}
            data-testid="template-send"
          >
            {t('window.send')}
          </Button>
        </Flex>
      </Flex>
    </div>
  );
}

import { SendOutlined } from '@ant-design/icons';
import type { CustomerWindowView, MessageView, TemplateParameters } from '@atrium/contracts';
import { templateText } from '@atrium/contracts/sessions/template-text.js';
import { Alert, Button, Flex, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { useSendTemplateMutation, useTemplatesQuery } from '../api/templates.api';
import { parametersOf, slotsFilled, slotsOf, type TemplatePart } from '../template-slots';

export interface TemplatePickerProps {
  ticketId: number;
  whatsappId: number;
  window: CustomerWindowView;
  onSent: (message: MessageView) => void;
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
  const complete = slotsFilled(slots, values);

  const setValue = (part: TemplatePart, index: number, value: string) => {
    const list = [...(values[part] ?? [])];
    list[index] = value;
    setValues({ ...values, [part]: list });
  };

  const submit = async () => {
    if (!chosen || !complete) return;
    const parameters = parametersOf(slots, values, (value) => value.trim());
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

import type { TicketView } from '@atrium/contracts';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { toastError } from '../../../shared/notify/error-popup';
import { useCreateTagMutation, useSyncTicketTagsMutation, useTagListQuery } from '../../tags/api/tags.api';
import { ticketChanged } from '../ticket-cache';

const NEW_TAG_COLOR = '#8c8c8c';

/** The ticket's tags: pick existing ones or type a new name (POST /tags), saved with POST /tags/sync. */
export function TicketTags({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation('tickets');
  const dispatch = useAppDispatch();
  const { data: tags } = useTagListQuery();
  const [createTag] = useCreateTagMutation();
  const [syncTags, syncing] = useSyncTicketTagsMutation();
  const byId = new Map((tags ?? []).map((tag) => [tag.id, tag]));

  const change = async (values: Array<number | string>) => {
    try {
      const ids: number[] = [];
      for (const value of values) {
        if (typeof value === 'number') ids.push(value);
        else if (value.trim().length >= 3) ids.push((await createTag({ name: value.trim(), color: NEW_TAG_COLOR }).unwrap()).id);
      }
      dispatch(ticketChanged(await syncTags({ ticketId: ticket.id, tags: ids }).unwrap()));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Select
      mode="tags"
      size="small"
      variant="borderless"
      className="ticket-tags"
      value={ticket.tags.map((tag) => tag.id)}
      onChange={(values: Array<number | string>) => void change(values)}
      loading={syncing.isLoading}
      placeholder={t('header.tags')}
      aria-label={t('header.tags')}
      maxTagCount="responsive"
      options={(tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
      optionFilterProp="label"
      data-testid="ticket-tags"
      tagRender={({ value, closable, onClose }) => {
        const tag = byId.get(Number(value)) ?? ticket.tags.find((item) => item.id === Number(value));
        return (
          <Tag color={tag?.color} variant="solid" closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
            {tag?.name ?? String(value)}
          </Tag>
        );
      }}
    />
  );
}

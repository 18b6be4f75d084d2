import type { MessageView, TicketView } from '@atrium/contracts';
import { App, Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useOlderPagesScroll } from '../../../shared/hooks/use-older-pages-scroll.hook';
import { toastError } from '../../../shared/notify/error-popup';
import { NoteBubble } from '../../notes/components/note-bubble.component';
import { useTicketNotes } from '../../notes/hooks/use-ticket-notes.hook';
import { useUserListQuery } from '../../../shared/api/user-list.api';
import { messagesApi, useDeleteMessageMutation, useMessagesPageInfiniteQuery, usePeekMessagesPageInfiniteQuery } from '../api/messages.api';
import { conversationRows } from '../conversation-rows';
import { messagesOf, replaceMessage } from '../message-cache-rules';
import { CallNotice, MessageBubble } from './message-bubble.component';

/** Older messages load when the list is scrolled within 50 px of its top (spec 000 section 9). */
export const OLDER_MESSAGES_THRESHOLD_PX = 50;

export interface MessagesListProps {
  ticket: TicketView;
  /** The peek dialog shows the conversation without menus and without marking it read. */
  readOnly?: boolean;
  onReply?: (message: MessageView) => void;
}

/**
 * A ticket's conversation (spec 000 section 2): fetched 500 ms after the ticket is chosen, day
 * separators, ticket markers, per-message menu, media, ticks, an invitation to greet a new
 * contact when empty, older pages near the top, and live messages (features/tickets/ticket-cache).
 * The ticket's private notes sit inline where they were written, set apart from messages.
 */
export function MessagesList({ ticket, readOnly = false, onReply }: MessagesListProps) {
  const { t } = useTranslation('messages');
  const { modal } = App.useApp();
  const dispatch = useAppDispatch();
  const ticketId = useDebouncedValue(ticket.id);
  const current = ticketId === ticket.id;
  // a component is read-only for its whole life, so the hook chosen never changes between renders
  const usePages = readOnly ? usePeekMessagesPageInfiniteQuery : useMessagesPageInfiniteQuery;
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage } = usePages(ticket.id, {
    skip: !current,
    refetchOnMountOrArgChange: true,
  });
  const [deleteMessage] = useDeleteMessageMutation();
  const messages = current ? messagesOf(data) : [];
  const notes = useTicketNotes(ticket, !current);
  const { data: colleagues } = useUserListQuery(undefined, { skip: notes.length === 0 });
  const rows = conversationRows(messages, notes, !hasNextPage);
  const colleagueNames = (colleagues ?? []).map((colleague) => colleague.name);
  const { scroller, onScroll } = useOlderPagesScroll({
    conversationId: ticket.id,
    newestId: messages.at(-1)?.id ?? null,
    pages: data?.pages.length ?? 0,
    thresholdPx: OLDER_MESSAGES_THRESHOLD_PX,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  });

  const confirmDelete = (message: MessageView) =>
    modal.confirm({
      title: t('deleteConfirm.title'),
      content: t('deleteConfirm.message'),
      okText: t('deleteConfirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('cancel', { ns: 'common' }),
      onOk: async () => {
        try {
          const deleted = await deleteMessage(message.id).unwrap();
          dispatch(messagesApi.util.updateQueryData('messagesPage', ticket.id, (draft) => replaceMessage(draft, deleted)));
        } catch (error) {
          toastError(error);
        }
      },
    });

  const showAuthor = ticket.isGroup;
  return (
    <div className="messages-scroll" ref={scroller} onScroll={onScroll} data-testid="messages-list">
      {isFetchingNextPage ? (
        <div className="messages-older">
          <Spin size="small" />
        </div>
      ) : null}
      {!current || isLoading ? (
        <div className="messages-loading">
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty className="messages-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        rows.map((row) => {
          switch (row.kind) {
            case 'day':
              return (
                <div key={row.key} className="message-day" data-testid="message-day">
                  <span>{row.date}</span>
                </div>
              );
            case 'closed':
            case 'opened':
              return (
                <div
                  key={row.key}
                  className={`message-notice message-marker message-marker-${row.kind}`}
                  data-testid={`marker-${row.kind}`}
                >
                  {t(row.kind === 'closed' ? 'markers.closed' : 'markers.opened')} {dayjs(row.at).format('DD/MM/YYYY HH:mm')}
                </div>
              );
            case 'call':
              return <CallNotice key={row.key} message={row.message} />;
            case 'note':
              return <NoteBubble key={row.key} note={row.note} colleagues={colleagueNames} />;
            case 'message':
              return (
                <MessageBubble
                  key={row.key}
                  message={row.message}
                  showAuthor={showAuthor}
                  onReply={readOnly ? undefined : onReply}
                  onDelete={readOnly ? undefined : confirmDelete}
                />
              );
          }
        })
      )}
    </div>
  );
}

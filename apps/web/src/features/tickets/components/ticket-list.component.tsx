import type { TicketView } from '@atrium/contracts';
import { Empty, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { nearBottom } from '../../../shared/api/paged';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { useSocket } from '../../realtime/socket.context';
import { useTicketsPageInfiniteQuery, type TicketListFilter } from '../api/tickets.api';
import { useTicketActions } from '../hooks/use-ticket-actions.hook';
import { ticketsOf } from '../ticket-list-rules';
import { TicketListItem } from './ticket-list-item.component';

export interface TicketListProps {
  filter: TicketListFilter;
  selectedId: number | null;
  /** Tickets accepted or reopened from this list (the manager shows the open tab then). */
  onMovedToOpen?: (ticket: TicketView) => void;
  onPeek: (ticket: TicketView) => void;
  testId: string;
}

/** A list of tickets for one filter: next page within 100 px of the bottom, live through the cache (features/tickets/ticket-cache). */
export function TicketList({ filter, selectedId, onMovedToOpen, onPeek, testId }: TicketListProps) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const socket = useSocket();
  const actions = useTicketActions();
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage, isError, error } = useTicketsPageInfiniteQuery(filter);
  const tickets = ticketsOf(data);
  useErrorPopup(isError ? error : null);

  useEffect(() => {
    if (filter.status && socket?.connected) socket.emit('joinTickets', filter.status);
  }, [socket, filter.status]);

  return (
    <div
      className="ticket-list"
      role="list"
      data-testid={testId}
      onScroll={(event) => {
        if (hasNextPage && !isFetchingNextPage && nearBottom(event.currentTarget)) void fetchNextPage();
      }}
    >
      {isLoading ? (
        <div className="ticket-list-loading">
          <Spin />
        </div>
      ) : tickets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} className="ticket-list-empty" />
      ) : (
        tickets.map((ticket) => (
          <TicketListItem
            key={ticket.id}
            ticket={ticket}
            selected={ticket.id === selectedId}
            busy={actions.busyId === ticket.id}
            onOpen={(chosen) => navigate(`/tickets/${chosen.uuid}`)}
            onAccept={async (chosen) => {
              const accepted = await actions.accept(chosen);
              if (accepted) onMovedToOpen?.(accepted);
            }}
            onResolve={(chosen) => void actions.resolve(chosen)}
            onReopen={async (chosen) => {
              const reopened = await actions.reopen(chosen);
              if (reopened) onMovedToOpen?.(reopened);
            }}
            onPeek={onPeek}
          />
        ))
      )}
      {isFetchingNextPage ? (
        <div className="ticket-list-loading">
          <Spin size="small" />
        </div>
      ) : null}
    </div>
  );
}

/** The count of a list (the badge of the open tab's sub-tabs), from the same cache entry. */
export function useTicketCount(filter: TicketListFilter): number {
  const { data } = useTicketsPageInfiniteQuery(filter);
  return data?.pages[0]?.count ?? 0;
}

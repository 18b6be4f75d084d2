import type { TagView, TicketView } from '@atrium/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../shared/notify/notifier';
import { kanbanApi, useAddKanbanTagMutation, useRemoveKanbanTagsMutation, type KanbanQueueIds } from '../api/kanban.api';
import { laneOf, placeOnBoard, tagIdOfLane, tagsAfterMove, type LaneId } from '../kanban-board';

/**
 * Moves a card to a lane (spec 001 "Kanban"): the card moves at once; then the ticket's kanban tag
 * link is removed ('Ticket Tag Removido!') and the lane's added ('Ticket Tag Adicionado com
 * Sucesso!'). Errors are only logged (spec 001 section 9) and the board is read again.
 */
export function useKanbanMove(queueArg: KanbanQueueIds, queueIds: readonly number[], lanes: readonly TagView[]) {
  const { t } = useTranslation('kanban');
  const dispatch = useAppDispatch();
  const [removeTags] = useRemoveKanbanTagsMutation();
  const [addTag] = useAddKanbanTagMutation();

  return useCallback(
    async (ticket: TicketView, target: LaneId) => {
      if (
        laneOf(
          ticket,
          lanes.map((lane) => lane.id),
        ) === target
      )
        return;
      const tagId = tagIdOfLane(target);
      const lane = lanes.find((candidate) => candidate.id === tagId);
      const laneRef = lane ? { id: lane.id, name: lane.name, color: lane.color, kanban: 1 as const } : null;
      const update = (recipe: (board: TicketView[]) => void) => dispatch(kanbanApi.util.updateQueryData('kanbanTickets', queueArg, recipe));
      update((board) => {
        const card = board.find((candidate) => candidate.id === ticket.id);
        if (card) card.tags = tagsAfterMove(card, laneRef);
      });
      try {
        let moved = await removeTags(ticket.id).unwrap();
        toast.success(t('toasts.removed'));
        if (tagId !== null) {
          moved = await addTag({ ticketId: ticket.id, tagId }).unwrap();
          toast.success(t('toasts.added'));
        }
        update((board) => placeOnBoard(board, moved, queueIds));
      } catch (error) {
        console.error(error);
        void dispatch(kanbanApi.endpoints.kanbanTickets.initiate(queueArg, { forceRefetch: true, subscribe: false }));
      }
    },
    [addTag, dispatch, lanes, queueArg, queueIds, removeTags, t],
  );
}

import type { TicketView } from '@atrium/contracts';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Card, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../shared/ui/page-header';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useKanbanLanesQuery, useKanbanTicketsQuery } from '../api/kanban.api';
import { laneIdOf, laneOf, OPEN_LANE, type LaneId } from '../kanban-board';
import { useKanbanLive } from '../hooks/use-kanban-live.hook';
import { useKanbanMove } from '../hooks/use-kanban-move.hook';
import { laneKeyboardCoordinates } from '../lane-keyboard-coordinates';
import { KanbanCardBody } from './kanban-card.component';
import { KanbanLane, type Lane } from './kanban-lane.component';
import '../kanban.css';

const NO_TICKETS: TicketView[] = [];

function ticketOf(data: unknown): TicketView | undefined {
  return (data as { ticket?: TicketView } | undefined)?.ticket;
}

function laneTitleOf(data: unknown): string {
  return (data as { lane?: Lane } | undefined)?.lane?.title ?? '';
}

/**
 * /kanban (spec 001 "Kanban"): lane 'Em aberto' for the tickets without a kanban tag, then a lane per
 * kanban tag coloured by it. Cards move between lanes by pointer or keyboard; the board follows
 * live updates.
 */
export default function KanbanPage() {
  const { t } = useTranslation('kanban');
  const user = useAppSelector(selectCurrentUser)!;
  const queueIds = user.queueIds;
  const queueArg = JSON.stringify(queueIds);
  const { data: tags = [], isLoading: lanesLoading } = useKanbanLanesQuery();
  const { data: tickets = NO_TICKETS, isLoading: ticketsLoading } = useKanbanTicketsQuery(queueArg);
  useKanbanLive(user.companyId, queueArg, queueIds);
  const move = useKanbanMove(queueArg, queueIds, tags);
  const [dragged, setDragged] = useState<TicketView | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const lanes: Lane[] = useMemo(
    () => [{ id: OPEN_LANE, title: t('openLane') }, ...tags.map((tag) => ({ id: laneIdOf(tag.id), title: tag.name, color: tag.color }))],
    [tags, t],
  );
  const byLane = useMemo(() => {
    const laneTagIds = tags.map((tag) => tag.id);
    const groups = new Map<LaneId, TicketView[]>(lanes.map((lane) => [lane.id, []]));
    for (const ticket of tickets) groups.get(laneOf(ticket, laneTagIds))?.push(ticket);
    return groups;
  }, [lanes, tags, tickets]);

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('a11y.pickedUp', { number: ticketOf(active.data.current)?.id }),
    onDragOver: ({ over }) => (over ? t('a11y.over', { lane: laneTitleOf(over.data.current) }) : t('a11y.outside')),
    onDragEnd: ({ over }) => (over ? t('a11y.dropped', { lane: laneTitleOf(over.data.current) }) : t('a11y.cancelled')),
    onDragCancel: () => t('a11y.cancelled'),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged(ticketOf(active.data.current) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const ticket = ticketOf(active.data.current);
    if (ticket && over) void move(ticket, over.id as LaneId);
  };

  return (
    <div className="page page-fill">
      <PageHeader title={t('title')} />
      {lanesLoading || ticketsLoading ? (
        <Card className="page-card">
          <Spin />
        </Card>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('a11y.instructions') } }}
        >
          <div className="kanban-board" data-testid="kanban-board">
            {lanes.map((lane) => (
              <KanbanLane key={lane.id} lane={lane} tickets={byLane.get(lane.id) ?? NO_TICKETS} />
            ))}
          </div>
          <DragOverlay>
            {dragged ? (
              <Card size="small" className="kanban-card-overlay">
                <KanbanCardBody ticket={dragged} />
              </Card>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
    </div>
  );
}

import type { TicketView } from '@atrium/contracts';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LaneId } from '../kanban-board';
import { KanbanCard } from './kanban-card.component';

export interface Lane {
  id: LaneId;
  title: string;
  /** The tag's colour; none for 'Em aberto'. */
  color?: string;
}

/** A column of the board, coloured by its tag; cards are dropped on it. */
export function KanbanLane({ lane, tickets }: { lane: Lane; tickets: TicketView[] }) {
  const { t } = useTranslation('kanban');
  const { setNodeRef, isOver } = useDroppable({ id: lane.id, data: { lane } });
  return (
    <section
      ref={setNodeRef}
      className={`kanban-lane${isOver ? ' kanban-lane-over' : ''}`}
      aria-label={lane.title}
      data-testid={`kanban-lane-${lane.id}`}
    >
      <header className="kanban-lane-header" style={lane.color ? { background: lane.color, color: '#fff' } : undefined}>
        <span className="kanban-lane-title">{lane.title}</span>
        <Badge count={tickets.length} showZero color="rgba(0,0,0,0.25)" />
      </header>
      <div className="kanban-lane-cards">
        {tickets.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyLane')} />
        ) : (
          tickets.map((ticket) => <KanbanCard key={ticket.id} ticket={ticket} />)
        )}
      </div>
    </section>
  );
}

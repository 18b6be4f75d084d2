import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ScheduleView } from '@atrium/contracts';
import { Button, Card, Input, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { createContext, useContext, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Calendar, dayjsLocalizer, Views, type EventProps, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useContactQuery } from '../../contacts/api/contacts.api';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';
import { useDeleteScheduleMutation, useSchedulesPageInfiniteQuery } from '../api/schedules.api';
import { ScheduleFormModal } from './schedule-form.modal';
import './schedules.css';

const localizer = dayjsLocalizer(dayjs);

/** The calendar's views (spec 001 "Schedules calendar"): month, week, the 'Agendamentos' work week, day, agenda. */
const VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.WORK_WEEK, Views.DAY, Views.AGENDA];

interface ScheduleEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  schedule: ScheduleView;
}

/** What an event's icons do (given by the page to the calendar's event component). */
const EventActions = createContext<{ edit: (schedule: ScheduleView) => void; remove: (schedule: ScheduleView, name: string) => void }>({
  edit: () => undefined,
  remove: () => undefined,
});

/**
 * An event: the contact's name (the contacts cache holds each contact once, whatever the number
 * of its schedules), a clip when it carries an attachment, edit and delete; its status in the
 * tooltip and the colour.
 */
function EventLabel({ event }: EventProps<ScheduleEvent>) {
  const { t } = useTranslation('schedules');
  const actions = useContext(EventActions);
  const { schedule } = event;
  const { data: contact } = useContactQuery(schedule.contactId);
  const name = contact?.name ?? `#${schedule.contactId}`;
  const stop = (action: () => void) => (clicked: MouseEvent) => {
    clicked.stopPropagation();
    action();
  };
  return (
    <span
      className="schedule-event"
      data-testid={`schedule-event-${schedule.id}`}
      data-status={schedule.status}
      title={`${t(`status.${schedule.status}`)}: ${schedule.body}`}
    >
      <span className="schedule-event-name">
        {schedule.mediaName ? <PaperClipOutlined /> : null} {name}
      </span>
      <Tooltip title={t('edit', { ns: 'common' })}>
        <EditOutlined
          className="schedule-event-action"
          aria-label={t('edit', { ns: 'common' })}
          onClick={stop(() => actions.edit(schedule))}
        />
      </Tooltip>
      <Tooltip title={t('delete', { ns: 'common' })}>
        <DeleteOutlined
          className="schedule-event-action"
          aria-label={t('delete', { ns: 'common' })}
          data-testid={`schedule-delete-${schedule.id}`}
          onClick={stop(() => actions.remove(schedule, name))}
        />
      </Tooltip>
    </span>
  );
}

const CALENDAR_COMPONENTS = { event: EventLabel };

type Editing = { open: boolean; id: number | null; contactId?: number | null; sendAt?: dayjs.Dayjs | null };

/**
 * /schedules (spec 001 "Schedules calendar", spec 000 schedule modal): the company's scheduled
 * messages on a calendar, the title with their count, search in the message, add, and each event's
 * contact name with edit and delete; `?contactId=` opens the dialog for that contact. Live on
 * `company-{id}-schedule` (a sent or failed schedule changes colour as it happens).
 */
export default function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const { companyId } = useSessionUser();
  const dispatch = useAppDispatch();
  const confirm = useConfirmDelete();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useSchedulesPageInfiniteQuery(searchParam);
  const [deleteSchedule] = useDeleteScheduleMutation();
  const [editing, setEditing] = useState<Editing>({ open: false, id: null });
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState<Date>(() => new Date());
  useErrorPopup(isError ? error : null);
  useSocketEvent(socketEvents.schedule(companyId), () => {
    dispatch(api.util.invalidateTags(['Schedules']));
  });

  // the calendar shows every schedule: the pages are read to the end
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // ?contactId= opens the dialog for that contact (the ticket options' 'Agendamento'), once
  const contactParam = Number(params.get('contactId'));
  useEffect(() => {
    if (!Number.isInteger(contactParam) || contactParam <= 0) return;
    setEditing({ open: true, id: null, contactId: contactParam });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('contactId');
        return next;
      },
      { replace: true },
    );
  }, [contactParam, setParams]);

  const schedules = useMemo(
    () => [...new Map((data?.pages ?? []).flatMap((page) => page.schedules).map((schedule) => [schedule.id, schedule])).values()],
    [data],
  );
  const count = data?.pages[0]?.count ?? 0;
  const events = useMemo<ScheduleEvent[]>(
    () =>
      schedules.map((schedule) => {
        const start = new Date(schedule.sendAt);
        return { id: schedule.id, title: schedule.body, start, end: start, schedule };
      }),
    [schedules],
  );

  const actions = useMemo(
    () => ({
      edit: (schedule: ScheduleView) => setEditing({ open: true, id: schedule.id }),
      remove: (schedule: ScheduleView, name: string) =>
        confirm({
          title: t('delete.title', { name }),
          remove: () => deleteSchedule(schedule.id).unwrap(),
          deletedText: t('toasts.deleted'),
        }),
    }),
    [confirm, deleteSchedule, t],
  );

  const messages = {
    today: t('calendar.today'),
    previous: t('calendar.previous'),
    next: t('calendar.next'),
    month: t('calendar.month'),
    week: t('calendar.week'),
    work_week: t('calendar.work_week'),
    day: t('calendar.day'),
    agenda: t('calendar.agenda'),
    date: t('calendar.date'),
    time: t('calendar.time'),
    event: t('calendar.event'),
    allDay: t('calendar.allDay'),
    noEventsInRange: t('calendar.noEventsInRange'),
    showMore: (total: number) => t('calendar.showMore', { count: total }),
  };

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('title', { count })}
        extra={
          <>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="page-search"
              data-testid="schedules-search"
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, id: null })} data-testid="add-schedule">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card schedules-card" data-testid="schedules-calendar">
        <EventActions.Provider value={actions}>
          <Calendar<ScheduleEvent>
            localizer={localizer}
            culture={dayjs.locale()}
            events={events}
            views={VIEWS}
            view={view}
            onView={setView}
            date={date}
            onNavigate={setDate}
            messages={messages}
            popup
            selectable
            onSelectEvent={(event) => setEditing({ open: true, id: event.id })}
            onSelectSlot={(slot) =>
              setEditing({ open: true, id: null, sendAt: dayjs(slot.start).isAfter(dayjs()) ? dayjs(slot.start) : null })
            }
            eventPropGetter={(event) => ({ className: `schedule-status-${event.schedule.status.toLowerCase()}` })}
            components={CALENDAR_COMPONENTS}
          />
        </EventActions.Provider>
      </Card>
      <ScheduleFormModal
        open={editing.open}
        id={editing.id}
        contactId={editing.contactId ?? null}
        sendAt={editing.sendAt ?? null}
        onClose={() => setEditing({ open: false, id: null })}
      />
    </div>
  );
}

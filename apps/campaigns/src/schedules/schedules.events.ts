import { Inject, Injectable } from '@nestjs/common';
import type { ScheduleView } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';

/** `company-{id}-schedule` for the schedules calendar (spec 001 "Live lists"), published after the commit. */
@Injectable()
export class SchedulesEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  saved(action: 'create' | 'update', schedule: ScheduleView): void {
    this.bus.publish({ kind: 'schedule', companyId: schedule.companyId, payload: { action, schedule } });
  }

  deleted(companyId: number, scheduleId: number): void {
    this.bus.publish({ kind: 'schedule', companyId, payload: { action: 'delete', scheduleId } });
  }
}

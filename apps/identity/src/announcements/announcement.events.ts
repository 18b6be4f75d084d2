import { Inject, Injectable } from '@nestjs/common';
import type { AnnouncementEventPayload, AnnouncementView } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';

/** `company-announcement`, platform-wide, published after each committed change. */
@Injectable()
export class AnnouncementEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  saved(action: 'create' | 'update', record: AnnouncementView): void {
    this.publish({ action, record });
  }

  deleted(id: number): void {
    this.publish({ action: 'delete', id });
  }

  private publish(payload: AnnouncementEventPayload): void {
    this.bus.publish({ kind: 'announcement', companyId: null, payload });
  }
}

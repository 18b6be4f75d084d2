import { Inject, Injectable } from '@nestjs/common';
import type { QueueIntegrationView } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';

/** `company-{id}-queueIntegration` for the integrations page (spec 001 "Live lists"), published after the commit. */
@Injectable()
export class QueueIntegrationsEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  saved(action: 'create' | 'update', queueIntegration: QueueIntegrationView): void {
    this.bus.publish({ kind: 'queueIntegration', companyId: queueIntegration.companyId, payload: { action, queueIntegration } });
  }

  deleted(companyId: number, integrationId: number): void {
    this.bus.publish({ kind: 'queueIntegration', companyId, payload: { action: 'delete', integrationId } });
  }
}

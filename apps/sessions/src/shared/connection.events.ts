import { Inject, Injectable } from '@nestjs/common';
import type { WhatsappView } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';
import { toWhatsappSummary, type WhatsappRow } from './whatsapp.view.js';

/**
 * Live events of connections, emitted by the gateway as `company-{id}-whatsapp` and
 * `company-{id}-whatsappSession` to every socket of the company. Tokens never travel in them.
 */
@Injectable()
export class ConnectionEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  updated(view: WhatsappView): void {
    this.bus.publish({
      kind: 'whatsapp',
      companyId: view.companyId,
      payload: { action: 'update', whatsapp: { ...view, tokenHint: null } },
    });
  }

  deleted(companyId: number, whatsappId: number): void {
    this.bus.publish({ kind: 'whatsapp', companyId, payload: { action: 'delete', whatsappId } });
  }

  /** Status, QR code or pairing code changed. */
  sessionChanged(row: WhatsappRow): void {
    this.bus.publish({ kind: 'whatsappSession', companyId: row.companyId, payload: { action: 'update', session: toWhatsappSummary(row) } });
  }
}

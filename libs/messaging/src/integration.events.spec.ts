import type { IntegrationEvent } from '@atrium/contracts';
import { newIntegrationEvent, parseIntegrationEvent, type IntegrationEvents } from './integration.events.js';
import type { IntegrationOutbox, OutboxTx } from './integration-outbox.js';

describe('integration events', () => {
  it('reads an event’s envelope and refuses what is not one', () => {
    const event = newIntegrationEvent('user.deleted', 3, { userId: 8 });
    expect(parseIntegrationEvent(JSON.stringify(event))).toEqual(event);
    for (const bad of [
      '',
      'null',
      '[]',
      '{"id":"x"}',
      JSON.stringify({ ...event, companyId: 0 }),
      JSON.stringify({ ...event, id: '' }),
      JSON.stringify({ ...event, payload: null }),
    ]) {
      expect(parseIntegrationEvent(bad)).toBeUndefined();
    }
  });

  it('types an event’s payload by its name, for publishers and handlers alike', () => {
    // Compiled by the type check (tsc), never run: a wrong name or payload does not compile.
    const typed = (outbox: IntegrationOutbox, tx: OutboxTx, events: IntegrationEvents) => {
      void outbox.add(tx, 'queue.deleted', 1, { queueId: 2 });
      // @ts-expect-error the payload of queue.deleted has no userId
      void outbox.add(tx, 'queue.deleted', 1, { userId: 2 });
      // @ts-expect-error no such event
      void outbox.add(tx, 'queue.renamed', 1, { queueId: 2 });
      events.on('user.deleted', async (event: IntegrationEvent<'user.deleted'>) => {
        const userId: number = event.payload.userId;
        // @ts-expect-error user.deleted carries no queueId
        void event.payload.queueId;
        void userId;
      });
    };
    expect(typeof typed).toBe('function');
  });
});

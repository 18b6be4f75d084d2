import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import type { TicketsConfig } from './config.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { ticketsSchema } from './db/schema.js';
import { InboundModule } from './inbound/inbound.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { NotesModule } from './notes/notes.module.js';
import { QueuesModule } from './queues/queues.module.js';
import { QuickMessagesModule } from './quick-messages/quick-messages.module.js';
import { TagsModule } from './tags/tags.module.js';
import { TicketsCoreModule } from './tickets-core.module.js';
import { TicketsModule } from './tickets/tickets.module.js';

@Module({})
export class TicketsAppModule {
  static forRoot(config: TicketsConfig): DynamicModule {
    return {
      module: TicketsAppModule,
      imports: [
        CoreModule.forRoot({ service: 'tickets', config, schema: ticketsSchema }),
        TicketsCoreModule,
        QueuesModule,
        ContactsModule,
        TagsModule,
        NotesModule,
        QuickMessagesModule,
        TicketsModule,
        MessagesModule,
        InboundModule,
      ],
    };
  }
}

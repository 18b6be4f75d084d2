import { Module, type DynamicModule } from '@nestjs/common';
import { JobName, JobsModule } from '@atrium/jobs';
import { CoreModule } from '@atrium/service-kit';
import type { TicketsConfig } from './config.js';
import { ChatbotModule } from './chatbot/chatbot.module.js';
import { ChatsModule } from './chats/chats.module.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { DirectorySyncModule } from './directory-sync/directory-sync.module.js';
import { outbox, ticketsSchema } from './db/schema.js';
import { InboundModule } from './inbound/inbound.module.js';
import { KanbanModule } from './kanban/kanban.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { NotesModule } from './notes/notes.module.js';
import { QueueOptionsModule } from './queue-options/queue-options.module.js';
import { QueuesModule } from './queues/queues.module.js';
import { QuickMessagesModule } from './quick-messages/quick-messages.module.js';
import { TagsModule } from './tags/tags.module.js';
import { TicketsModule } from './tickets/tickets.module.js';

@Module({})
export class TicketsAppModule {
  static forRoot(config: TicketsConfig): DynamicModule {
    return {
      module: TicketsAppModule,
      imports: [
        CoreModule.forRoot({ service: 'tickets', config, schema: ticketsSchema, outbox }),
        // an external API text is sent once (a send whose answer never came may have gone); its
        // jobs wait in their connection's lane, so many run at once (each connection at its pace)
        JobsModule.forRoot({
          policies: {
            [JobName.ExternalMessageSend]: { attempts: 1, backoff: { type: 'fixed', delayMs: 1_000 } },
            // a failed sweep is not retried: the next one (INACTIVITY_SWEEP_MS later) does the same work
            [JobName.TicketsInactivitySweep]: { attempts: 1, backoff: { type: 'fixed', delayMs: 1_000 } },
          },
          concurrency: 200,
        }),
        QueuesModule,
        QueueOptionsModule,
        ContactsModule,
        TagsModule,
        NotesModule,
        QuickMessagesModule,
        TicketsModule,
        KanbanModule,
        MessagesModule,
        ChatbotModule,
        InboundModule,
        DirectorySyncModule,
        ChatsModule,
        DashboardModule,
      ],
    };
  }
}

import { RequestMethod, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import { AuthModule } from '../auth/auth.module.js';
import type { GatewayConfig } from '../config.js';
import { MediaModule } from '../media/media.module.js';
import { SocketAuthenticator } from '../realtime/socket-authenticator.js';
import { ChatsController } from './chats.controller.js';
import { DashboardController } from './dashboard.controller.js';
import { ContactsController } from './contacts.controller.js';
import { ConversationMediaMiddleware } from './conversation-media.middleware.js';
import { InboundFailuresController } from './inbound-failures.controller.js';
import { KanbanController } from './kanban.controller.js';
import { MAX_MEDIAS_PER_SEND, MessagesController } from './messages.controller.js';
import { QueueOptionsController } from './queue-options.controller.js';
import { QueuesController } from './queues.controller.js';
import { QuickMessagesController } from './quick-messages.controller.js';
import { TagsController } from './tags.controller.js';
import { TicketNotesController } from './ticket-notes.controller.js';
import { TicketsController } from './tickets.controller.js';

/**
 * The REST face of the tickets service: each controller validates, authorises and forwards over
 * NATS. Its own multipart settings (several `medias` per message); conversation media under
 * /public are guarded by ConversationMediaMiddleware.
 */
@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        limits: { fileSize: config.MAX_UPLOAD_BYTES, files: MAX_MEDIAS_PER_SEND },
        defParamCharset: 'utf8',
      }),
    }),
    MediaModule,
    AuthModule,
  ],
  controllers: [
    QueuesController,
    QueueOptionsController,
    ContactsController,
    TagsController,
    TicketNotesController,
    QuickMessagesController,
    TicketsController,
    MessagesController,
    ChatsController,
    InboundFailuresController,
    KanbanController,
    DashboardController,
  ],
  providers: [SocketAuthenticator, ConversationMediaMiddleware],
})
export class TicketsApiModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ConversationMediaMiddleware).forRoutes({ path: 'public/*path', method: RequestMethod.GET });
  }
}

import { Module } from '@nestjs/common';
import { MessagesApiModule } from '../external-api/messages-api.module.js';
import { WhatsappSessionController } from './whatsapp-session.controller.js';
import { WhatsappController } from './whatsapp.controller.js';
import { WhatsappWebhookController } from './whatsapp-webhook.controller.js';

/** The REST face of the sessions service: each controller validates, authorises and forwards over NATS. */
@Module({ imports: [MessagesApiModule], controllers: [WhatsappController, WhatsappSessionController, WhatsappWebhookController] })
export class SessionsApiModule {}

import { Module } from '@nestjs/common';
import { WhatsappSessionController } from './whatsapp-session.controller.js';
import { WhatsappController } from './whatsapp.controller.js';

/** The REST face of the sessions service: each controller validates, authorises and forwards over NATS. */
@Module({ controllers: [WhatsappController, WhatsappSessionController] })
export class SessionsApiModule {}

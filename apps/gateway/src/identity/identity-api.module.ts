import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { PublicController } from './public.controller.js';

/** The REST face of the identity service: each controller validates, authorises and forwards over NATS. */
@Module({
  controllers: [AuthController, PublicController],
})
export class IdentityApiModule {}

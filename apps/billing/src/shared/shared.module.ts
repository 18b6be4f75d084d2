import { Module } from '@nestjs/common';
import { IdentityClient } from './identity.client.js';

/** What the billing contexts share: the client of the identity service (companies, plans, licenses). */
@Module({ providers: [IdentityClient], exports: [IdentityClient] })
export class SharedModule {}

import { Module } from '@nestjs/common';
import { PlansRepository } from './plans.repository.js';

/** The plans table, for the plans context and the companies that subscribe to them. */
@Module({ providers: [PlansRepository], exports: [PlansRepository] })
export class PlansStoreModule {}

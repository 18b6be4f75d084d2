import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { ReconciliationController } from './reconciliation.controller.js';
import { ReconciliationService } from './reconciliation.service.js';

/** The reconciliation report of payments against Stripe, for billing staff. */
@Module({ imports: [PaymentsModule], controllers: [ReconciliationController], providers: [ReconciliationService] })
export class ReconciliationModule {}

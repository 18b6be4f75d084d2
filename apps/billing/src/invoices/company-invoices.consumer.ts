import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { IntegrationEvent } from '@atrium/contracts';
import { IntegrationEvents } from '@atrium/messaging';
import { InvoiceIssuer } from './invoice-issuer.js';

/**
 * Issues a company's invoice when it matters, not at the next run of the periodic job: on identity's
 * durable `company.created` and `company.subscriptionChanged`. The issuer reads the company's
 * current plan and due date from identity (never the event's, which a later change may have
 * overtaken) and the database keeps one invoice per company and due date, so a redelivered or
 * reordered event issues nothing twice. The periodic job stays as the safety net.
 */
@Injectable()
export class CompanyInvoicesConsumer implements OnModuleInit {
  constructor(
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(InvoiceIssuer) private readonly issuer: InvoiceIssuer,
  ) {}

  onModuleInit(): void {
    this.integration.on('company.created', (event) => this.issue(event));
    this.integration.on('company.subscriptionChanged', (event) => this.issue(event));
  }

  private async issue(event: IntegrationEvent<'company.created' | 'company.subscriptionChanged'>): Promise<void> {
    await this.issuer.issueFor(event.companyId);
  }
}

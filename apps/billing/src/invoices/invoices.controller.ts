import { Controller, Inject } from '@nestjs/common';
import { BillingSubjects, InvoiceQueryDto, type Actor, type InvoicePage } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { InvoicesService } from './invoices.service.js';

@Controller()
export class InvoicesController {
  constructor(@Inject(InvoicesService) private readonly invoices: InvoicesService) {}

  @RpcHandler(BillingSubjects.invoicesPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: InvoiceQueryDto }) query: InvoiceQueryDto): Promise<InvoicePage> {
    return this.invoices.page(actor, query);
  }
}

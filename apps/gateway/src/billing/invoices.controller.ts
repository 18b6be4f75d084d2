import { Body, Controller, Get, Inject, Post, Query } from '@nestjs/common';
import {
  BillingSubjects,
  InvoicesAllQueryDto,
  SubscriptionDto,
  type ActorState,
  type InvoicePage,
  type InvoiceView,
  type PixChargeView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';

/**
 * Invoices and the Pix checkout (spec 001 'Faturas'): company admins see and pay their own
 * company's invoices; super users see every company's. The billing service decides amounts.
 */
@Controller()
@RequiresPermission('financeiro:view')
export class InvoicesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** `paged=true`: the page object; otherwise the page's invoices as a plain array, as older clients read it (docs/adr/010). */
  @Get('invoices/all')
  async all(@CurrentActor() actor: ActorState, @Query() query: InvoicesAllQueryDto): Promise<InvoicePage | InvoiceView[]> {
    const { paged, ...filters } = query;
    const page = await this.rpc.request(BillingSubjects.invoicesPage, filters, { actor });
    return paged ? page : page.invoices;
  }

  @Post('subscription')
  subscribe(@CurrentActor() actor: ActorState, @Body() body: SubscriptionDto): Promise<PixChargeView> {
    return this.rpc.request(BillingSubjects.subscriptionCreate, body, { actor });
  }
}

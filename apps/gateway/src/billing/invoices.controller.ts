import { Body, Controller, Get, Inject, Post, Query } from '@nestjs/common';
import { BillingSubjects, InvoiceQueryDto, SubscriptionDto, type ActorState, type InvoicePage, type PixChargeView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, Roles } from '../auth/decorators.js';

/**
 * Invoices and the Pix checkout (spec 001 'Faturas'): company admins see and pay their own
 * company's invoices; super users see every company's. The billing service decides amounts.
 */
@Controller()
@Roles('admin')
export class InvoicesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get('invoices/all')
  all(@CurrentActor() actor: ActorState, @Query() query: InvoiceQueryDto): Promise<InvoicePage> {
    return this.rpc.request(BillingSubjects.invoicesPage, query, { actor });
  }

  @Post('subscription')
  subscribe(@CurrentActor() actor: ActorState, @Body() body: SubscriptionDto): Promise<PixChargeView> {
    return this.rpc.request(BillingSubjects.subscriptionCreate, body, { actor });
  }
}

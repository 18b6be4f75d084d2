import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { CompanyInvoicesConsumer } from './company-invoices.consumer.js';
import { InvoiceIssuer } from './invoice-issuer.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/** Invoices: issuing each company's invoice of a period, and GET /invoices/all. */
@Module({
  imports: [SharedModule],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService, InvoiceIssuer, CompanyInvoicesConsumer],
  exports: [InvoicesRepository, InvoiceIssuer],
})
export class InvoicesModule {}

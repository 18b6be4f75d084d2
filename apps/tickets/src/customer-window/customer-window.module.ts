import { Module } from '@nestjs/common';
import { CustomerWindowsRepository } from './customer-windows.repository.js';

const exported = [CustomerWindowsRepository];

/** Meta's 24-hour customer-service windows: recorded from customers' messages (inbound), checked by every send. */
@Module({ providers: exported, exports: exported })
export class CustomerWindowModule {}

import { Module } from '@nestjs/common';
import { TicketsEvents } from './tickets.events.js';

/** What every context of the service announces through: the live events for the gateways. */
@Module({ providers: [TicketsEvents], exports: [TicketsEvents] })
export class SharedModule {}

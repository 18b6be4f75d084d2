import { Module } from '@nestjs/common';
import { PlanLimits } from './plan-limits.js';
import { QueuesController } from './queues.controller.js';
import { QueuesService } from './queues.service.js';

@Module({ controllers: [QueuesController], providers: [QueuesService, PlanLimits] })
export class QueuesModule {}

import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

@Module({ imports: [CompaniesModule], controllers: [PlansController], providers: [PlansService] })
export class PlansModule {}

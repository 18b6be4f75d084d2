import { Module } from '@nestjs/common';
import { PlansStoreModule } from './plans-store.module.js';
import { CompaniesModule } from '../companies/companies.module.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

@Module({ imports: [PlansStoreModule, CompaniesModule], controllers: [PlansController], providers: [PlansService] })
export class PlansModule {}

import { Module } from '@nestjs/common';
import { CompaniesRepository } from './companies.repository.js';

/** The companies table, for the contexts that read or provision companies. */
@Module({ providers: [CompaniesRepository], exports: [CompaniesRepository] })
export class CompaniesStoreModule {}

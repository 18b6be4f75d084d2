import { Module } from '@nestjs/common';
import { HelpsController } from './helps.controller.js';
import { HelpsRepository } from './helps.repository.js';
import { HelpsService } from './helps.service.js';

@Module({ controllers: [HelpsController], providers: [HelpsService, HelpsRepository] })
export class HelpsModule {}

import { Module } from '@nestjs/common';
import { CampaignFiles } from '../shared/campaign-files.js';
import { FileListsController } from './file-lists.controller.js';
import { FileListsRepository } from './file-lists.repository.js';
import { FileListsService } from './file-lists.service.js';

/** File lists: NATS `campaigns.file-lists.*`; their files under `file-lists/` in object storage. */
@Module({
  controllers: [FileListsController],
  providers: [FileListsRepository, FileListsService, CampaignFiles],
  exports: [FileListsRepository],
})
export class FileListsModule {}

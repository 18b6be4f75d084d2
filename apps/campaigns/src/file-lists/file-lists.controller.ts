import { Controller, Inject } from '@nestjs/common';
import {
  CampaignsSubjects,
  FileListDto,
  FileListsQueryDto,
  FileListUploadDto,
  type Actor,
  type FileListsPageView,
  type FileListView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { FileListsService } from './file-lists.service.js';

/** Thin: validates at the NATS boundary, calls one service method (`campaigns.file-lists.*`). */
@Controller()
export class FileListsController {
  constructor(@Inject(FileListsService) private readonly lists: FileListsService) {}

  @RpcHandler(CampaignsSubjects.fileListsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: FileListsQueryDto }) query: FileListsQueryDto): Promise<FileListsPageView> {
    return this.lists.page(actor, query);
  }

  @RpcHandler(CampaignsSubjects.fileListsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<FileListView> {
    return this.lists.show(actor, id);
  }

  @RpcHandler(CampaignsSubjects.fileListsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: FileListDto }) dto: FileListDto): Promise<FileListView> {
    return this.lists.create(actor, dto);
  }

  @RpcHandler(CampaignsSubjects.fileListsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: FileListDto, path: 'body' }) dto: FileListDto,
  ): Promise<FileListView> {
    return this.lists.update(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.fileListsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.lists.delete(actor, id);
  }

  @RpcHandler(CampaignsSubjects.fileListsUpload)
  upload(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: FileListUploadDto, path: 'body' }) dto: FileListUploadDto,
  ): Promise<FileListView> {
    return this.lists.upload(actor, id, dto);
  }
}

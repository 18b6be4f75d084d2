import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  AppError,
  CampaignsSubjects,
  ErrorCode,
  FILE_LIST_OPTIONS_MAX,
  FileListDto,
  FileListsQueryDto,
  type ActorState,
  type FileListsPageView,
  type FileListView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';
import { requireContent, type UploadedMedia } from '../media/uploaded-file.js';
import { UploadStaging } from '../media/upload-staging.js';

/** Multipart text fields of `POST /files/uploadList/{id}`: one `id` (option) per file, repeated like the files. */
interface UploadListFields {
  id?: string | string[];
  fileId?: string;
  typeArch?: string;
  mediaType?: string | string[];
  name?: string | string[];
}

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** File lists (spec 001 "Files", section 7 "Files"): part of the campaign area, so behind the plan's useCampaigns like it. */
@Controller('files')
@RequiresPermission('files:manage')
@RequiresPlan('useCampaigns')
export class FilesController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: FileListsQueryDto): Promise<FileListsPageView> {
    return this.rpc.request(CampaignsSubjects.fileListsPage, query, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<FileListView> {
    return this.rpc.request(CampaignsSubjects.fileListsShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: FileListDto): Promise<FileListView> {
    return this.rpc.request(CampaignsSubjects.fileListsCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: FileListDto): Promise<FileListView> {
    return this.rpc.request(CampaignsSubjects.fileListsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(CampaignsSubjects.fileListsDelete, { id }, { actor });
  }

  /** Multipart `files` with, per file in the same order, `id` (the option) and optionally `mediaType`; `typeArch` 'fileList' and `fileId` are accepted. */
  @Post('uploadList/:id')
  @UseInterceptors(FilesInterceptor('files', FILE_LIST_OPTIONS_MAX))
  async uploadList(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Body() fields: UploadListFields,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<FileListView> {
    requireContent(files, 'files');
    const optionIds = asList(fields.id).map(Number);
    if (optionIds.length !== files.length || optionIds.some((optionId) => !Number.isInteger(optionId) || optionId < 1)) {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'id', messages: ['one option id per file'] }] });
    }
    // files are stored only for a file list the company has
    await this.rpc.request(CampaignsSubjects.fileListsShow, { id }, { actor });
    const staged = await this.uploads.stage(actor.companyId, files);
    const body = {
      files: staged.map((file, index) => ({
        optionId: optionIds[index]!,
        upload: file.path,
        fileName: file.filename,
        mediaType: file.mimetype,
      })),
    };
    try {
      return await this.rpc.request(CampaignsSubjects.fileListsUpload, { id, body }, { actor });
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE))
        await this.uploads.discard(staged.map((file) => file.path));
      throw error;
    }
  }
}

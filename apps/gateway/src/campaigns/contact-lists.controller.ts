import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  AppError,
  CampaignsSubjects,
  ContactListDto,
  ContactListsQueryDto,
  ErrorCode,
  type ActorState,
  type ContactListImportProgress,
  type ContactListsPageView,
  type ContactListView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';
import { acceptSpreadsheet, displayName, type UploadedMedia } from '../media/uploaded-file.js';
import { UploadStaging } from '../media/upload-staging.js';

/** Contact lists (spec 001 "Contact lists", section 7); plan flag useCampaigns. */
@Controller('contact-lists')
@RequiresPermission('contact-lists:manage')
@RequiresPlan('useCampaigns')
export class ContactListsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: ContactListsQueryDto): Promise<ContactListsPageView> {
    return this.rpc.request(CampaignsSubjects.contactListsPage, query, { actor });
  }

  /** Every list of the actor's company (`companyId` comes from the token). */
  @Get('list')
  all(@CurrentActor() actor: ActorState): Promise<ContactListView[]> {
    return this.rpc.request(CampaignsSubjects.contactListsAll, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<ContactListView> {
    return this.rpc.request(CampaignsSubjects.contactListsShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: ContactListDto): Promise<ContactListView> {
    return this.rpc.request(CampaignsSubjects.contactListsCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: ContactListDto): Promise<ContactListView> {
    return this.rpc.request(CampaignsSubjects.contactListsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(CampaignsSubjects.contactListsDelete, { id }, { actor });
  }

  /**
   * Multipart `file`: an .xls or .xlsx (by name and by bytes, spec 001 "Import accepts only .xls or
   * .xlsx"). The campaigns service imports it as a job; the answer is the import's first progress,
   * the rest comes live on `company-{id}-ContactList`.
   */
  @Post(':id/upload')
  @UseInterceptors(FileInterceptor('file'))
  async upload(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<ContactListImportProgress> {
    acceptSpreadsheet(file);
    // a file is stored only for a list the company has
    await this.rpc.request(CampaignsSubjects.contactListsShow, { id }, { actor });
    const [staged] = await this.uploads.stage(actor.companyId, [file]);
    try {
      return await this.rpc.request(
        CampaignsSubjects.contactListsImport,
        { id, body: { upload: staged!.path, fileName: displayName(file) } },
        { actor },
      );
    } catch (error) {
      // refused: nothing claimed the file (unanswered: it may have, so it stays)
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await this.uploads.discard([staged!.path]);
      throw error;
    }
  }

  /** The list's latest import and how it stands (null when none). */
  @Get(':id/import')
  latestImport(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<ContactListImportProgress | null> {
    return this.rpc.request(CampaignsSubjects.contactListsLatestImport, { id }, { actor });
  }
}

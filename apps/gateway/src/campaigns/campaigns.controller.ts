import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Query,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  AppError,
  CampaignDto,
  CampaignShippingsQueryDto,
  CampaignsQueryDto,
  CampaignsSubjects,
  IdentitySubjects,
  ErrorCode,
  UpdateCampaignDto,
  type ActorState,
  type CampaignMediaDto,
  type CampaignShippingsView,
  type CampaignsPageView,
  type CampaignView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';
import { requireContent, type UploadedMedia } from '../media/uploaded-file.js';
import { UploadStaging } from '../media/upload-staging.js';
import { shippingsCsv } from './shippings-csv.js';

/** Campaigns (spec 001 "Campaigns" and its calls); plan flag useCampaigns. */
@Controller('campaigns')
@RequiresPermission('campaigns:manage')
@RequiresPlan('useCampaigns')
export class CampaignsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: CampaignsQueryDto): Promise<CampaignsPageView> {
    return this.rpc.request(CampaignsSubjects.campaignsPage, query, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<CampaignView> {
    return this.rpc.request(CampaignsSubjects.campaignsShow, { id }, { actor });
  }

  /** A page of the shippings as the report page lists them (the same rows as the CSV export), by number. */
  @Get(':id/shippings')
  shippings(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Query() query: CampaignShippingsQueryDto,
  ): Promise<CampaignShippingsView> {
    return this.rpc.request(CampaignsSubjects.campaignsShippings, { id, pageNumber: query.pageNumber, limit: query.limit }, { actor });
  }

  /** The shippings as CSV, streamed page by page: number, name, message variant, delivered, confirmation requested, confirmed, failed reason. */
  @Get(':id/shippings.csv')
  @RequiresPermission('exports:download')
  async csv(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<StreamableFile> {
    const stream = await shippingsCsv((pageNumber, limit) =>
      this.rpc.request(CampaignsSubjects.campaignsShippings, { id, pageNumber, limit }, { actor }),
    );
    await this.rpc.request(IdentitySubjects.auditLogsExported, { what: 'campaign-shippings', filters: { campaignId: id } }, { actor });
    return new StreamableFile(stream, { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="campaign-shippings.csv"' });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: CampaignDto): Promise<CampaignView> {
    return this.rpc.request(CampaignsSubjects.campaignsCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateCampaignDto): Promise<CampaignView> {
    return this.rpc.request(CampaignsSubjects.campaignsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(CampaignsSubjects.campaignsDelete, { id }, { actor });
  }

  @Post(':id/cancel')
  cancel(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<CampaignView> {
    return this.rpc.request(CampaignsSubjects.campaignsCancel, { id }, { actor });
  }

  @Post(':id/restart')
  restart(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<CampaignView> {
    return this.rpc.request(CampaignsSubjects.campaignsRestart, { id }, { actor });
  }

  /** Multipart `file`; replaces the attachment (only while the campaign is editable). */
  @Post(':id/media-upload')
  @UseInterceptors(FileInterceptor('file'))
  async upload(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<CampaignView> {
    requireContent(file, 'file');
    await this.rpc.request(CampaignsSubjects.campaignsShow, { id }, { actor });
    const [staged] = await this.uploads.stage(actor.companyId, [file]);
    const media = { mediaPath: staged!.path, mediaName: staged!.filename.replace(/\s/g, '_') };
    try {
      return await this.setMedia(actor, id, media);
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await this.uploads.discard([media.mediaPath]);
      throw error;
    }
  }

  @Delete(':id/media-upload')
  removeMedia(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<CampaignView> {
    return this.setMedia(actor, id, { mediaPath: null, mediaName: null });
  }

  private setMedia(actor: ActorState, id: number, body: CampaignMediaDto): Promise<CampaignView> {
    return this.rpc.request(CampaignsSubjects.campaignsSetMedia, { id, body }, { actor });
  }
}

import { Controller, Inject } from '@nestjs/common';
import {
  CampaignDto,
  CampaignMediaDto,
  CampaignsQueryDto,
  CampaignShippingsQueryDto,
  CampaignsSubjects,
  UpdateCampaignDto,
  type Actor,
  type CampaignShippingsView,
  type CampaignsPageView,
  type CampaignView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { CampaignsService } from './campaigns.service.js';

/** Thin: validates at the NATS boundary, calls one service method. */
@Controller()
export class CampaignsController {
  constructor(@Inject(CampaignsService) private readonly campaigns: CampaignsService) {}

  @RpcHandler(CampaignsSubjects.campaignsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: CampaignsQueryDto }) query: CampaignsQueryDto): Promise<CampaignsPageView> {
    return this.campaigns.page(actor, query);
  }

  @RpcHandler(CampaignsSubjects.campaignsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<CampaignView> {
    return this.campaigns.show(actor, id);
  }

  @RpcHandler(CampaignsSubjects.campaignsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: CampaignDto }) dto: CampaignDto): Promise<CampaignView> {
    return this.campaigns.create(actor, dto);
  }

  @RpcHandler(CampaignsSubjects.campaignsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateCampaignDto, path: 'body' }) dto: UpdateCampaignDto,
  ): Promise<CampaignView> {
    return this.campaigns.update(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.campaignsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.campaigns.delete(actor, id);
  }

  @RpcHandler(CampaignsSubjects.campaignsCancel)
  cancel(@RpcActor() actor: Actor, @RpcId() id: number): Promise<CampaignView> {
    return this.campaigns.cancel(actor, id);
  }

  @RpcHandler(CampaignsSubjects.campaignsRestart)
  restart(@RpcActor() actor: Actor, @RpcId() id: number): Promise<CampaignView> {
    return this.campaigns.restart(actor, id);
  }

  @RpcHandler(CampaignsSubjects.campaignsSetMedia)
  setMedia(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: CampaignMediaDto, path: 'body' }) dto: CampaignMediaDto,
  ): Promise<CampaignView> {
    return this.campaigns.setMedia(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.campaignsShippings)
  shippings(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: CampaignShippingsQueryDto }) query: CampaignShippingsQueryDto,
  ): Promise<CampaignShippingsView> {
    return this.campaigns.shippingsOf(actor, id, query);
  }
}

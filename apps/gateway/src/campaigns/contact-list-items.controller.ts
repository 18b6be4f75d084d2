import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  CampaignsSubjects,
  ContactListItemDto,
  ContactListItemsQueryDto,
  UpdateContactListItemDto,
  type ActorState,
  type ContactListItemsPageView,
  type ContactListItemView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** The people of a contact list (spec 001 "Contact list items", section 7); plan flag useCampaigns. */
@Controller('contact-list-items')
@RequiresPermission('contact-lists:manage')
@RequiresPlan('useCampaigns')
export class ContactListItemsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: ContactListItemsQueryDto): Promise<ContactListItemsPageView> {
    return this.rpc.request(CampaignsSubjects.contactListItemsPage, query, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<ContactListItemView> {
    return this.rpc.request(CampaignsSubjects.contactListItemsShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: ContactListItemDto): Promise<ContactListItemView> {
    return this.rpc.request(CampaignsSubjects.contactListItemsCreate, body, { actor });
  }

  @Put(':id')
  update(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateContactListItemDto,
  ): Promise<ContactListItemView> {
    return this.rpc.request(CampaignsSubjects.contactListItemsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(CampaignsSubjects.contactListItemsDelete, { id }, { actor });
  }
}

import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  ContactDto,
  ContactsListQueryDto,
  ContactsQueryDto,
  OUTBOUND_COMMAND_TIMEOUT_MS,
  TicketsSubjects,
  UpdateContactDto,
  type ActorState,
  type ContactsPageView,
  type ContactView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Contacts (spec 000 section 7); creating or renumbering one asks WhatsApp whether the number exists. */
@Controller('contacts')
export class ContactsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: ContactsQueryDto): Promise<ContactsPageView> {
    return this.rpc.request(TicketsSubjects.contactsPage, query, { actor });
  }

  @Get('list')
  list(@CurrentActor() actor: ActorState, @Query() query: ContactsListQueryDto): Promise<ContactView[]> {
    return this.rpc.request(TicketsSubjects.contactsList, query, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<ContactView> {
    return this.rpc.request(TicketsSubjects.contactsShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: ContactDto): Promise<ContactView> {
    return this.rpc.request(TicketsSubjects.contactsCreate, body, { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS });
  }

  /** The connected phone's address book (default connection): answers the contacts created. */
  @Post('import')
  @RequiresPermission('contacts:import')
  importFromPhone(@CurrentActor() actor: ActorState): Promise<ContactView[]> {
    return this.rpc.request(TicketsSubjects.contactsImport, {}, { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS * 2 });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateContactDto): Promise<ContactView> {
    return this.rpc.request(TicketsSubjects.contactsUpdate, { id, body }, { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS });
  }

  @Delete(':id')
  @RequiresPermission('contacts-page:deleteContact')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(TicketsSubjects.contactsDelete, { id }, { actor });
  }
}

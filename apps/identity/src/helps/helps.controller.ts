import { Controller, Inject } from '@nestjs/common';
import { HelpDto, IdentitySubjects, PageQueryDto, UpdateHelpDto, type Actor, type HelpView, type Page } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { HelpsService } from './helps.service.js';

/** Reads need a logged-in actor; writes a super user. */
@Controller()
export class HelpsController {
  constructor(@Inject(HelpsService) private readonly helps: HelpsService) {}

  @RpcHandler(IdentitySubjects.helpsPage)
  page(@RpcActor() _actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<HelpView>> {
    return this.helps.page(query);
  }

  @RpcHandler(IdentitySubjects.helpsList)
  list(@RpcActor() _actor: Actor): Promise<HelpView[]> {
    return this.helps.list();
  }

  @RpcHandler(IdentitySubjects.helpsShow)
  show(@RpcActor() _actor: Actor, @RpcId() id: number): Promise<HelpView> {
    return this.helps.show(id);
  }

  @RpcHandler(IdentitySubjects.helpsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: HelpDto }) dto: HelpDto): Promise<HelpView> {
    return this.helps.create(actor, dto);
  }

  @RpcHandler(IdentitySubjects.helpsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateHelpDto, path: 'body' }) dto: UpdateHelpDto,
  ): Promise<HelpView> {
    return this.helps.update(actor, id, dto);
  }

  @RpcHandler(IdentitySubjects.helpsDelete)
  async delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    await this.helps.delete(actor, id);
    return { message: 'Help deleted' };
  }
}

import { Controller, Inject } from '@nestjs/common';
import {
  CreateTemplateDto,
  SessionsSubjects,
  TemplateRenderDto,
  type Actor,
  type RenderedTemplate,
  type WhatsappTemplateView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { TemplatesService } from './templates.service.js';

/** NATS handlers of a Cloud API connection's message templates (issue 26). */
@Controller()
export class TemplatesController {
  constructor(@Inject(TemplatesService) private readonly templates: TemplatesService) {}

  @RpcHandler(SessionsSubjects.templatesList)
  list(@RpcActor() actor: Actor, @RpcId() id: number): Promise<WhatsappTemplateView[]> {
    return this.templates.list(actor, id);
  }

  @RpcHandler(SessionsSubjects.templatesSync)
  sync(@RpcActor() actor: Actor, @RpcId() id: number): Promise<WhatsappTemplateView[]> {
    return this.templates.sync(actor, id);
  }

  @RpcHandler(SessionsSubjects.templatesCreate)
  create(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: CreateTemplateDto, path: 'body' }) dto: CreateTemplateDto,
  ): Promise<WhatsappTemplateView> {
    return this.templates.create(actor, id, dto);
  }

  /** Service-to-service (tickets, campaigns): no actor. */
  @RpcHandler(SessionsSubjects.templateRender)
  render(@RpcData({ dto: TemplateRenderDto }) dto: TemplateRenderDto): Promise<RenderedTemplate> {
    return this.templates.render(dto);
  }
}

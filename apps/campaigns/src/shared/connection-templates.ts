import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, SessionsSubjects, type Actor, type TemplateSend, type WhatsappProvider } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

/** A refusal of one field, as the forms show it. */
export function invalidField(field: string, message: string): AppError {
  return new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: [message] }] });
}

/**
 * The templates a campaign or a schedule names (issue 26), checked against their connection before
 * they are stored: only a Cloud API connection sends templates, and the template must be one of its
 * approved ones with a value for each of its variables. The sessions service, which keeps them,
 * renders it: an unknown or unapproved template is ERR_WAPP_TEMPLATE_NOT_FOUND, a missing value
 * ERR_VALIDATION.
 */
@Injectable()
export class ConnectionTemplates {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** The channel of one of the actor's company's connections (`beta`, `sandbox`, `cloud`). */
  async provider(actor: Actor, whatsappId: number): Promise<WhatsappProvider> {
    return (await this.rpc.request(SessionsSubjects.whatsappShow, { id: whatsappId }, { actor })).provider;
  }

  /** Refused unless `whatsappId` names a Cloud API connection that sends this template with these values. */
  async requireSendable(actor: Actor, whatsappId: number | null | undefined, template: TemplateSend): Promise<void> {
    if (!whatsappId) throw invalidField('template', 'a template is sent by a Cloud API connection: choose one');
    if ((await this.provider(actor, whatsappId)) !== 'cloud') throw invalidField('template', 'only a Cloud API connection sends templates');
    await this.requireApproved(actor, whatsappId, template);
  }

  /** The connection's approved template, rendered with these values (the connection known to be a Cloud API one). */
  async requireApproved(actor: Actor, whatsappId: number, template: TemplateSend): Promise<void> {
    await this.rpc.request(SessionsSubjects.templateRender, { companyId: actor.companyId, whatsappId, template });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { callNoticeBody, type InboundCallEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { CompanySettings, pad2, SessionsChannel, zonedParts } from '@atrium/kernel';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { AutomaticMessages } from '../messages/automatic-messages.js';

/** What a call does besides its notice in the conversation: setting `call` disabled refuses it, and the customer is told so. */
@Injectable()
export class InboundCallPolicy {
  constructor(
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The notice's text: video or voice, its status and its time (the platform's time zone). */
  noticeBody(call: InboundCallEvent['call']): string {
    const p = zonedParts(new Date(call.timestamp), this.config.TIME_ZONE);
    return callNoticeBody({ isVideo: call.isVideo, status: call.status, time: `${pad2(p.hour)}:${pad2(p.minute)}` });
  }

  /** For a call being offered with setting `call` disabled: the text that tells the customer, in the company's language; else undefined. */
  async refusal(event: InboundCallEvent): Promise<string | undefined> {
    if (event.call.status !== 'offer') return undefined;
    const settings = await this.settings.of(event.companyId);
    return settings.call === 'disabled' ? AutomaticMessages.callsDisabled(settings.language) : undefined;
  }

  /** The call refused on WhatsApp (best effort). */
  reject(event: InboundCallEvent): void {
    this.channel
      .command(event.companyId, event.whatsappId, { type: 'rejectCall', callId: event.call.id, to: event.call.chatId }, 15_000)
      .catch((error: unknown) => this.logger.warn({ err: error, callId: event.call.id }, 'call not rejected'));
  }
}

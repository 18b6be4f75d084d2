import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@atrium/logging';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { CompanySettings } from '@atrium/kernel';
import type { TicketsConfig } from '../config.js';
import { TicketTransitionListeners, type TicketTransitionCommitted } from '../tickets/transition-listeners.js';
import { MessageSender } from './message-sender.js';
import { fillVariables } from './message-variables.js';

const CALLS_DISABLED = {
  pt: '*Mensagem Automática:*\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, favor enviar uma mensagem de texto. Obrigado!',
  en: '*Automatic message:*\nVoice and video calls are disabled for this WhatsApp, please send a text message. Thank you!',
  es: '*Mensaje automático:*\nLas llamadas de voz y video están deshabilitadas para este WhatsApp, por favor envíe un mensaje de texto. ¡Gracias!',
} as const;

/** Texts the platform sends on an agent's behalf (spec 001 settings sendGreetingAccepted and sendMsgTransfTicket). */
export const AutomaticMessages = {
  /** After an agent accepts a pending ticket; `{{ms}}` and `{{name}}` are filled like any message variable. */
  greetingAccepted: (agentName: string) =>
    `*Mensagem Automática:*\n{{ms}} *{{name}}*, meu nome é *${agentName}* e agora vou prosseguir com seu atendimento!`,
  transferredToUser: (agentName: string) =>
    `*Mensagem Automática:*\nVocê foi transferido para o atendente *${agentName}*, aguarde, já vamos te atender!`,
  /** To a customer whose call was rejected (setting `call` disabled), in the company's language (setting `language`, default pt). */
  callsDisabled: (language: string) => CALLS_DISABLED[language as keyof typeof CALLS_DISABLED] ?? CALLS_DISABLED.pt,
  transferredToQueue: (queueName: string) =>
    `*Mensagem Automática:*\nVocê foi transferido para o departamento *${queueName}*, aguarde, já vamos te atender!`,
} as const;

/**
 * The greeting naming the agent after an accept (setting sendGreetingAccepted) and the transfer
 * notice (setting sendMsgTransfTicket), never in groups, sent once a ticket's transition commits.
 * A failed send is logged: the transition stands.
 */
@Injectable()
export class AutomaticMessagesSender implements OnModuleInit {
  constructor(
    @Inject(TicketTransitionListeners) private readonly transitions: TicketTransitionListeners,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.transitions.listen((change) => this.send(change));
  }

  private async send({ transition, before, after }: TicketTransitionCommitted): Promise<void> {
    if (after.isGroup) return;
    let text: string | undefined;
    if (transition.kind === 'accept' && after.user && (await this.settings.enabled(after.companyId, 'sendGreetingAccepted'))) {
      text = AutomaticMessages.greetingAccepted(after.user.name);
    } else if (transition.kind === 'transfer' && (await this.settings.enabled(after.companyId, 'sendMsgTransfTicket'))) {
      if (after.user && after.userId !== before.userId) text = AutomaticMessages.transferredToUser(after.user.name);
      else if (after.queue && after.queueId !== before.queueId) text = AutomaticMessages.transferredToQueue(after.queue.name);
    }
    if (!text) return;
    const body = fillVariables(text, {
      contactName: after.contact.name,
      ticketId: after.id,
      now: new Date(),
      timeZone: await this.settings.timeZone(after.companyId, this.config.TIME_ZONE),
    });
    try {
      await this.sender.send(after, { body });
    } catch (error) {
      this.logger.warn({ err: error, ticketId: after.id, kind: transition.kind }, 'automatic message not sent');
    }
  }
}

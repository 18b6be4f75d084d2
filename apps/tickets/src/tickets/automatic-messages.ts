/** Texts the platform sends on an agent's behalf (spec 001 settings sendGreetingAccepted and sendMsgTransfTicket). */
export const AutomaticMessages = {
  /** After an agent accepts a pending ticket; `{{ms}}` and `{{name}}` are filled like any message variable. */
  greetingAccepted: (agentName: string) => `*Mensagem Automática:*\n{{ms}} *{{name}}*, meu nome é *${agentName}* e agora vou prosseguir com seu atendimento!`,
  transferredToUser: (agentName: string) => `*Mensagem Automática:*\nVocê foi transferido para o atendente *${agentName}*, aguarde, já vamos te atender!`,
  transferredToQueue: (queueName: string) => `*Mensagem Automática:*\nVocê foi transferido para o departamento *${queueName}*, aguarde, já vamos te atender!`,
} as const;

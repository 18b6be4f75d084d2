/** NATS request/reply subjects served by the ai service. */
export const AiSubjects = {
  queueIntegrationsPage: 'ai.queueIntegrations.page',
  queueIntegrationsShow: 'ai.queueIntegrations.show',
  queueIntegrationsSigningSecret: 'ai.queueIntegrations.signingSecret',
  queueIntegrationsCreate: 'ai.queueIntegrations.create',
  queueIntegrationsUpdate: 'ai.queueIntegrations.update',
  queueIntegrationsDelete: 'ai.queueIntegrations.delete',
  queueIntegrationsTestSession: 'ai.queueIntegrations.testSession',
  promptsList: 'ai.prompts.list',
  promptsShow: 'ai.prompts.show',
  promptsCreate: 'ai.prompts.create',
  promptsUpdate: 'ai.prompts.update',
  promptsDelete: 'ai.prompts.delete',
  referencesMissing: 'ai.references.missing',
} as const;

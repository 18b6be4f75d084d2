import type { CampaignView } from '@atrium/contracts';

/** A campaign as the API lists it: a draft with one message and nothing chosen yet, changed by `overrides`. */
export function aCampaign(id: number, overrides: Partial<CampaignView> = {}): CampaignView {
  return {
    id,
    companyId: 3,
    name: `Campanha ${id}`,
    message1: 'Olá {nome}',
    message2: null,
    message3: null,
    message4: null,
    message5: null,
    confirmationMessage1: null,
    confirmationMessage2: null,
    confirmationMessage3: null,
    confirmationMessage4: null,
    confirmationMessage5: null,
    status: 'INATIVA',
    confirmation: false,
    scheduledAt: null,
    completedAt: null,
    whatsappId: null,
    contactListId: null,
    tagListId: null,
    fileListId: null,
    mediaPath: null,
    mediaName: null,
    template: null,
    contactList: null,
    whatsapp: null,
    report: { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

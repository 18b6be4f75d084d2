import type { WhatsappTemplateView } from '@atrium/contracts';

/** An approved Cloud API template with two body variables, as GET /whatsapp/{id}/templates lists it. */
export const anApprovedTemplate: WhatsappTemplateView = {
  id: 1,
  whatsappId: 5,
  metaId: '9001',
  name: 'pedido_pronto',
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  quality: null,
  reason: null,
  components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto' }],
  variables: { header: [], headerMedia: null, body: ['1', '2'], buttons: [] },
  updatedAt: '2026-12-01T10:00:00.000Z',
};

import 'reflect-metadata';
import { auditChanges, auditedRecord, MASKED, maskSecrets } from './audit-log.js';

describe('audit log fields', () => {
  it('masks secrets by field name at any depth, keeps empty ones empty, and writes dates as ISO text', () => {
    expect(
      maskSecrets({
        name: 'Ana',
        password: 'segredo',
        apiKeySealed: 'v1:abc',
        cloudAccessToken: 'EAAG',
        tokenHint: '…a1b2',
        nested: { appSecret: 'x', plain: 1 },
        voiceKeySealed: null,
        signingSecretSealed: '',
        at: new Date('2026-12-07T10:00:00Z'),
        skipped: undefined,
      }),
    ).toEqual({
      name: 'Ana',
      password: MASKED,
      apiKeySealed: MASKED,
      cloudAccessToken: MASKED,
      tokenHint: MASKED,
      nested: { appSecret: MASKED, plain: 1 },
      voiceKeySealed: null,
      signingSecretSealed: '',
      at: '2026-12-07T10:00:00.000Z',
    });
  });

  it('keeps only the fields an update changed, a rewritten secret as masked on both sides', () => {
    expect(
      auditChanges(
        { name: 'Fila A', color: '#111', greetingMessage: 'Oi', apiKeySealed: 'v1:old' },
        { name: 'Fila B', color: '#111', apiKeySealed: 'v1:new' },
      ),
    ).toEqual({ before: { name: 'Fila A', apiKeySealed: MASKED }, after: { name: 'Fila B', apiKeySealed: MASKED } });
    expect(auditChanges({ apiKeySealed: 'v1:same' }, { apiKeySealed: 'v1:same' })).toEqual({ before: {}, after: {} });
  });

  it('keeps every field of a creation or a deletion', () => {
    expect(auditChanges(null, { name: 'Nova', password: 'x' })).toEqual({ before: null, after: { name: 'Nova', password: MASKED } });
    expect(auditChanges({ name: 'Velha' }, undefined)).toEqual({ before: { name: 'Velha' }, after: null });
  });

  it("leaves a row's id, company and timestamps to the entry", () => {
    expect(auditedRecord({ id: 1, companyId: 2, createdAt: 'a', updatedAt: 'b', name: 'x' })).toEqual({ name: 'x' });
  });
});

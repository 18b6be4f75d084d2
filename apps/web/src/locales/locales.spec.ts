import { ErrorCode } from '@atrium/contracts/errors/error-code.js';
import { LANGUAGES, NAMESPACES, resources } from './resources';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it.each(NAMESPACES)('%s has the same keys in pt, en and es', (namespace) => {
    const pt = keysOf(resources.pt[namespace]).sort();
    for (const language of LANGUAGES) expect(keysOf(resources[language][namespace]).sort()).toEqual(pt);
  });

  it.each(LANGUAGES)('%s translates every error code of the contracts', (language) => {
    const errors = resources[language].errors as Record<string, string>;
    const missing = Object.values(ErrorCode).filter((code) => typeof errors[code] !== 'string' || errors[code].length === 0);
    expect(missing).toEqual([]);
  });

  it('keeps the spec texts in Portuguese', () => {
    expect(resources.pt.layout.signedInElsewhere).toBe('Sua conta foi acessada em outro computador.');
    expect(resources.pt.common.noPermission).toBe(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    );
    expect(resources.pt.auth.login.expired).toBe(
      'Opss! Sua assinatura venceu {{date}}. Entre em contato com o Suporte para mais informações!',
    );
    expect(resources.pt.layout.notifications.empty).toBe('Nenhuma notificação.');
  });
});

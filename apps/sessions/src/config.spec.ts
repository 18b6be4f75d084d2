import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { defaultProviderOf, SessionsConfig } from './config.js';

describe('DEFAULT_WHATSAPP_PROVIDER', () => {
  const providerWith = (env: Record<string, string>) => defaultProviderOf(loadConfig(SessionsConfig, env));

  it('is the sandbox outside production and Baileys (beta) in production, unless set', () => {
    expect(providerWith({ NODE_ENV: 'development' })).toBe('sandbox');
    expect(providerWith({ NODE_ENV: 'test' })).toBe('sandbox');
    // Production refuses development secrets at start: the rule is checked on its own there.
    expect(defaultProviderOf({ NODE_ENV: 'production' })).toBe('beta');
    expect(defaultProviderOf({ NODE_ENV: 'production', DEFAULT_WHATSAPP_PROVIDER: 'sandbox' })).toBe('sandbox');
    expect(providerWith({ NODE_ENV: 'development', DEFAULT_WHATSAPP_PROVIDER: 'beta' })).toBe('beta');
  });

  it('refuses a provider no driver implements', () => {
    expect(() => loadConfig(SessionsConfig, { DEFAULT_WHATSAPP_PROVIDER: 'telegram' })).toThrow(/DEFAULT_WHATSAPP_PROVIDER/);
  });
});

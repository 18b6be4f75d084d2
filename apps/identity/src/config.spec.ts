import { ConfigError, DEVELOPMENT_JWT_SECRET, loadConfig } from '@atrium/config';
import { IdentityConfig } from './config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  ADMIN_EMAIL: 'ops@example.com',
  ADMIN_PASSWORD: 'a-long-password',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(IdentityConfig, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the config was accepted');
}

describe('IdentityConfig JWT_SECRET', () => {
  it('defaults to the development secret, which production refuses', () => {
    expect(loadConfig(IdentityConfig, {}).JWT_SECRET).toBe(DEVELOPMENT_JWT_SECRET);
    expect(refusal(PRODUCTION)).toContain('JWT_SECRET must not be the development secret in production');
  });

  it('refuses a secret shorter than 32 bytes and starts in production with a strong one', () => {
    expect(refusal({ ...PRODUCTION, JWT_SECRET: 'short-secret' })).toContain('JWT_SECRET must be at least 32 bytes');
    const strong = { ...PRODUCTION, JWT_SECRET: 's'.repeat(48), IDENTITY_SECRETS_KEY: 'k'.repeat(48) };
    expect(loadConfig(IdentityConfig, strong).JWT_SECRET).toHaveLength(48);
  });
});

describe('IdentityConfig IDENTITY_SECRETS_KEY (two-factor and single sign-on secrets)', () => {
  it('defaults to a development key, which production refuses', () => {
    expect(refusal({ ...PRODUCTION, JWT_SECRET: 's'.repeat(48) })).toContain(
      'IDENTITY_SECRETS_KEY must not be the development secret in production',
    );
    expect(refusal({ ...PRODUCTION, JWT_SECRET: 's'.repeat(48), IDENTITY_SECRETS_KEY: 'short' })).toContain('IDENTITY_SECRETS_KEY');
  });
});

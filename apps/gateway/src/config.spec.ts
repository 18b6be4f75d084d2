import { ConfigError, DEVELOPMENT_JWT_SECRET, loadConfig } from '@atrium/config';
import { GatewayConfig } from './config.js';

const PRODUCTION = { NODE_ENV: 'production' };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(GatewayConfig, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the config was accepted');
}

describe('GatewayConfig JWT_SECRET', () => {
  it('defaults to the development secret, which production refuses', () => {
    expect(loadConfig(GatewayConfig, {}).JWT_SECRET).toBe(DEVELOPMENT_JWT_SECRET);
    expect(refusal(PRODUCTION)).toContain('JWT_SECRET must not be the development secret in production');
  });

  it('refuses a secret shorter than 32 bytes and starts in production with a strong one', () => {
    expect(refusal({ ...PRODUCTION, JWT_SECRET: 'short-secret' })).toContain('JWT_SECRET must be at least 32 bytes');
    expect(loadConfig(GatewayConfig, { ...PRODUCTION, JWT_SECRET: 's'.repeat(48) }).JWT_SECRET).toHaveLength(48);
  });
});

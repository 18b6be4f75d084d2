import { IsString } from 'class-validator';
import { DEVELOPMENT_JWT_SECRET, IsJwtSecret } from './jwt-secret.js';
import { ConfigError, loadConfig } from './load-config.js';
import { ServiceConfig } from './service-config.js';

class SigningConfig extends ServiceConfig {
  @IsJwtSecret() JWT_SECRET: string = DEVELOPMENT_JWT_SECRET;
  @IsString() OTHER: string = 'x';
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(SigningConfig, env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

describe('IsJwtSecret', () => {
  const strong = 'k'.repeat(32);

  it('accepts the development secret outside production, and any secret of 32 bytes or more', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'test' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: strong })).toEqual([]);
  });

  it('refuses the development secret in production, named or by default', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['JWT_SECRET: JWT_SECRET must not be the development secret in production']);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: DEVELOPMENT_JWT_SECRET })).toHaveLength(1);
  });

  it('refuses a secret shorter than 32 bytes in every environment, counting bytes rather than characters', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(problemsOf({ NODE_ENV, JWT_SECRET: 'k'.repeat(31) })).toEqual(['JWT_SECRET: JWT_SECRET must be at least 32 bytes']);
    }
    expect(problemsOf({ JWT_SECRET: 'é'.repeat(16) })).toEqual([]); // 32 bytes in UTF-8
    expect(problemsOf({ JWT_SECRET: 'é'.repeat(15) + 'k' })).toHaveLength(1); // 16 characters, 31 bytes
  });
});

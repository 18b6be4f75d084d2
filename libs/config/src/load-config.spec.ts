import { IsInt, Min } from 'class-validator';
import { EnvBoolean } from './env-boolean.js';
import { ConfigError, loadConfig } from './load-config.js';
import { ServiceConfig } from './service-config.js';

class ExampleConfig extends ServiceConfig {
  @IsInt() @Min(1) WORKERS: number = 2;
  @EnvBoolean() FEATURE: boolean = false;
}

describe('loadConfig', () => {
  it('applies defaults and converts numbers and booleans from the environment', () => {
    const config = loadConfig(ExampleConfig, { WORKERS: '8', FEATURE: 'false', NATS_SUBJECT_PREFIX: 'x.' });
    expect(config).toMatchObject({ WORKERS: 8, FEATURE: false, NODE_ENV: 'development', NATS_SUBJECT_PREFIX: 'x.' });
    expect(loadConfig(ExampleConfig, { FEATURE: 'true' }).FEATURE).toBe(true);
    expect(loadConfig(ExampleConfig, { TIME_ZONE: 'UTC' }).TIME_ZONE).toBe('UTC');
  });

  it('fails fast listing every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig(ExampleConfig, {
        WORKERS: '0',
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://x',
        FEATURE: 'maybe',
        TIME_ZONE: 'Mars/Olympus',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['WORKERS', 'NODE_ENV', 'DATABASE_URL', 'FEATURE', 'TIME_ZONE']) expect(problems).toContain(name);
  });
});

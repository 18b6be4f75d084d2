import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => Object.values(e.constraints ?? {}).map((message) => `${e.property}: ${message}`));
}

/**
 * Reads one validated config class from the environment. Fails fast and lists every bad
 * variable at once, so a misconfigured pod says everything that is wrong in one log line.
 */
export function loadConfig<T extends object>(configClass: new () => T, env: Record<string, string | undefined> = process.env): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(configClass, defined, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) throw new ConfigError(describe(errors));
  return config;
}

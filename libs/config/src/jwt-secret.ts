import { ValidateBy, type ValidationArguments } from 'class-validator';
import type { NodeEnv } from './service-config.js';

/** The secret development and tests sign with (the configs' default); never accepted in production. */
export const DEVELOPMENT_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
export const MIN_JWT_SECRET_BYTES = 32;

function problemOf(value: unknown, nodeEnv: NodeEnv | undefined): string | null {
  if (typeof value !== 'string' || Buffer.byteLength(value, 'utf8') < MIN_JWT_SECRET_BYTES) return `must be at least ${MIN_JWT_SECRET_BYTES} bytes`;
  if (nodeEnv === 'production' && value === DEVELOPMENT_JWT_SECRET) return 'must not be the development secret in production';
  return null;
}

/**
 * An HS256 signing secret: at least 32 bytes, and in production (NODE_ENV of the same config)
 * never the development default, so a service refuses to start with a secret anyone can read.
 */
export function IsJwtSecret(): PropertyDecorator {
  const nodeEnvOf = (args: ValidationArguments) => (args.object as { NODE_ENV?: NodeEnv }).NODE_ENV;
  return ValidateBy({
    name: 'isJwtSecret',
    validator: {
      validate: (value: unknown, args) => problemOf(value, args && nodeEnvOf(args)) === null,
      defaultMessage: (args) => `${args?.property ?? 'value'} ${args ? problemOf(args.value, nodeEnvOf(args)) : 'is invalid'}`,
    },
  });
}

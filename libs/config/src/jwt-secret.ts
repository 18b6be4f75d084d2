import { ValidateBy } from 'class-validator';
import { DevelopmentDefault } from './development-default.js';

/** The secret development and tests sign with (the configs' default); never accepted in production. */
export const DEVELOPMENT_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
export const MIN_JWT_SECRET_BYTES = 32;

const isLongEnough = (value: unknown) => typeof value === 'string' && Buffer.byteLength(value, 'utf8') >= MIN_JWT_SECRET_BYTES;

/**
 * An HS256 signing secret: at least 32 bytes, and in production (NODE_ENV of the same config)
 * never the development default (`@DevelopmentDefault`: the field's default is
 * DEVELOPMENT_JWT_SECRET), so a service refuses to start with a
 * secret anyone can read.
 */
export function IsJwtSecret(): PropertyDecorator {
  return (target, key) => {
    ValidateBy({
      name: 'isJwtSecret',
      validator: {
        validate: isLongEnough,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be at least ${MIN_JWT_SECRET_BYTES} bytes`,
      },
    })(target, key);
    DevelopmentDefault()(target, key);
  };
}

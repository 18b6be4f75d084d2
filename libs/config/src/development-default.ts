import { ValidateBy } from 'class-validator';
import type { NodeEnv } from './service-config.js';

/** Per config class prototype: its variables whose default is a development secret. */
const MARKED = new WeakMap<object, Set<string>>();

type ConfigClass = new () => object;

/** The value a fresh instance of the class holds for the variable: its default, never anything read from the environment. */
function defaultOf(configClass: ConfigClass, property: string): unknown {
  return (new configClass() as Record<string, unknown>)[property];
}

/**
 * Marks a variable whose default is a secret anyone can read in the source (a development
 * signing secret, key or token): fine in development and tests, refused when NODE_ENV (of the same
 * config) is production, so a service never starts in production with a secret that is not one.
 * `loadConfig` then fails with one line naming the variable. The refused value is the field's own
 * default, so the two cannot drift apart; a repository check makes every secret with a default
 * carry this mark.
 */
export function DevelopmentDefault(): PropertyDecorator {
  return (target, key) => {
    const property = String(key);
    MARKED.set(target, (MARKED.get(target) ?? new Set<string>()).add(property));
    ValidateBy({
      name: 'notDevelopmentDefaultInProduction',
      validator: {
        validate: (value: unknown, args) => {
          const config = args?.object as { NODE_ENV?: NodeEnv; constructor: ConfigClass } | undefined;
          return config?.NODE_ENV !== 'production' || value !== defaultOf(config.constructor, property);
        },
        defaultMessage: () => `${property} must not be the development secret in production`,
      },
    })(target, key);
  };
}

/** The variables of a config class (its own and inherited) marked `@DevelopmentDefault()`, each with its development value. */
export function developmentDefaultsOf(configClass: ConfigClass): ReadonlyMap<string, unknown> {
  const found = new Map<string, unknown>();
  for (
    let prototype: object | null = configClass.prototype as object;
    prototype;
    prototype = Object.getPrototypeOf(prototype) as object | null
  ) {
    for (const property of MARKED.get(prototype) ?? []) found.set(property, defaultOf(configClass, property));
  }
  return found;
}

import { ValidateBy } from 'class-validator';

function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name the runtime knows (e.g. America/Sao_Paulo, UTC). */
export function IsTimeZone(): PropertyDecorator {
  return ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: isTimeZone,
      defaultMessage: (args) => `${args?.property ?? 'value'} must be an IANA time zone name, e.g. America/Sao_Paulo`,
    },
  });
}

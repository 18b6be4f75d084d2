import { getMetadataStorage, ValidateBy, ValidationTypes, type ValidationError, type ValidationOptions } from 'class-validator';

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** The largest id (and whole number) PostgreSQL's `integer` columns hold. */
export const INT4_MAX = 2_147_483_647;

/**
 * Rules every DTO obeys on top of its own class-validator rules, checked wherever a DTO is
 * validated (the gateway's ValidationPipe and the services' NATS boundary), so no DTO can forget
 * them and no bad value reaches PostgreSQL as a 500:
 * - a whole number (`@IsInt`) without its own `@Max` fits an `integer` column (≤ 2147483647);
 * - text carries no NUL character (PostgreSQL refuses U+0000 in text);
 * - `null` is accepted only where the DTO says so with `@ValidateIf((_, v) => v !== null)`:
 *   `@IsOptional()` alone means "may be left out", not "may be set to nothing".
 * Answers class-validator errors, one per broken property, with nested DTOs' paths as children.
 */
export function inputRuleErrors(instance: object): ValidationError[] {
  const byProperty = getMetadataStorage().groupByPropertyName(
    getMetadataStorage().getTargetValidationMetadatas(instance.constructor, '', true, false),
  );
  const errors: ValidationError[] = [];
  for (const [property, metadatas] of Object.entries(byProperty)) {
    const value: unknown = (instance as Record<string, unknown>)[property];
    const constraints = propertyConstraints(property, value, metadatas);
    const children = nestedErrors(value);
    if (constraints || children.length > 0) errors.push({ property, value, constraints, children, target: instance });
  }
  return errors;
}

function propertyConstraints(property: string, value: unknown, metadatas: ValidationMetadata[]): Record<string, string> | undefined {
  if (value === null) {
    const conditions = metadatas.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION);
    const onlyOptional = conditions.length > 0 && conditions.every((m) => m.name === 'isOptional');
    return onlyOptional ? { notNull: `${property} must not be null` } : undefined;
  }
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  if (values.some((item) => typeof item === 'string' && item.includes('\u0000'))) {
    return { noNul: `${property} must not contain NUL characters` };
  }
  const isInt = metadatas.some((m) => m.name === 'isInt');
  const hasMax = metadatas.some((m) => m.name === 'max');
  if (isInt && !hasMax && values.some((item) => typeof item === 'number' && Math.abs(item) > INT4_MAX)) {
    return { int4: `${property} must not be greater than ${INT4_MAX}` };
  }
  return undefined;
}

function isDtoInstance(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.constructor !== Object && value.constructor !== Date;
}

function nestedErrors(value: unknown): ValidationError[] {
  if (isDtoInstance(value)) return inputRuleErrors(value);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index) => {
    if (!isDtoInstance(item)) return [];
    const children = inputRuleErrors(item);
    return children.length > 0 ? [{ property: String(index), value: item, children, target: value }] : [];
  });
}

/** The days the platform's dates may name: enough for any due date or search, and all within what PostgreSQL and JS dates handle alike. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2999-12-31';

/** 'YYYY-MM-DD' naming a real calendar day between 1900-01-01 and 2999-12-31 (not '9999-99-99', not '2024-02-30'). */
export function isCalendarDay(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (value < FIRST_DAY || value > LAST_DAY) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A day as forms and query strings send it ('YYYY-MM-DD'); see `isCalendarDay`. */
export function IsCalendarDay(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDay',
      validator: {
        validate: isCalendarDay,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a day (YYYY-MM-DD) between ${FIRST_DAY} and ${LAST_DAY}`,
      },
    },
    options,
  );
}

/**
 * A text that sorts at or after the text in `property` of the same object, both in a format that
 * sorts as text (e.g. an HH:MM end not before its start); left to the format's own rule when
 * either does not match `format`.
 */
export function IsNotBefore(property: string, format: RegExp, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBefore',
      constraints: [property],
      validator: {
        validate: (value: unknown, args) => {
          const other = (args?.object as Record<string, unknown> | undefined)?.[property];
          const comparable = (text: unknown): text is string => typeof text === 'string' && format.test(text);
          return !comparable(value) || !comparable(other) || value >= other;
        },
        defaultMessage: (args) => `${args?.property ?? 'value'} must not be before ${property}`,
      },
    },
    options,
  );
}

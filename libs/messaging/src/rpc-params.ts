import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { AppError, ErrorCode, INT4_MAX, inputRuleErrors, type Actor, type FieldError, type RpcRequest } from '@atrium/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

type Class<T> = new () => T;

/** class-validator's nested errors as a flat list of `{ field, messages }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own: FieldError[] = e.constraints ? [{ field, messages: Object.values(e.constraints) }] : [];
    return [...own, ...flattenValidationErrors(e.children ?? [], field)];
  });
}

/** Validates a plain object against a DTO class; throws ERR_VALIDATION listing each bad field. */
export function validateDto<T extends object>(dto: Class<T>, value: unknown): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: '', messages: ['body must be an object'] }] });
  }
  const instance = plainToInstance(dto, value);
  const errors = [...validateSync(instance, { whitelist: true, forbidNonWhitelisted: false }), ...inputRuleErrors(instance)];
  if (errors.length > 0) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: flattenValidationErrors(errors) });
  return instance;
}

function envelopeOf(context: ExecutionContext): RpcRequest {
  return context.switchToRpc().getData<RpcRequest>();
}

/**
 * The request data, validated against a DTO when one is given; `path` picks a property of the
 * data (e.g. `body` of an update `{ id, body }`).
 */
export const RpcData = createParamDecorator((options: { dto?: Class<object>; path?: string } | undefined, context: ExecutionContext) => {
  const data = envelopeOf(context).data as Record<string, unknown> | undefined;
  const value = options?.path ? data?.[options.path] : data;
  return options?.dto ? validateDto(options.dto, value ?? {}) : value;
});

/** A positive integer id (up to 2147483647, an `integer` column) at `data.id` (or another key). */
export const RpcId = createParamDecorator((key: string | undefined, context: ExecutionContext) => {
  const data = envelopeOf(context).data as Record<string, unknown> | undefined;
  const id = Number(data?.[key ?? 'id']);
  if (!Number.isInteger(id) || id <= 0 || id > INT4_MAX) {
    throw new AppError(ErrorCode.ERR_VALIDATION, {
      fields: [{ field: key ?? 'id', messages: [`must be a positive integer up to ${INT4_MAX}`] }],
    });
  }
  return id;
});

/** The acting user. Requests made on behalf of nobody (public endpoints) are refused here. */
export const RpcActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = envelopeOf(context).actor;
  if (!actor) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
  return actor;
});

/** Client IP and user agent, as the gateway saw them. */
export const RpcClientInfo = createParamDecorator((_: unknown, context: ExecutionContext) => envelopeOf(context).client ?? {});

/**
 * The acting user when the request is made on someone's behalf, or undefined when another
 * service asks for itself (e.g. sessions reading a company's plan limits).
 */
export const RpcOptionalActor = createParamDecorator(
  (_: unknown, context: ExecutionContext): Actor | undefined => envelopeOf(context).actor,
);

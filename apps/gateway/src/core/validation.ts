import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { AppError, ErrorCode, inputRuleErrors } from '@atrium/contracts';
import { flattenValidationErrors } from '@atrium/messaging';

/** Nest's ValidationPipe plus the rules every DTO obeys (`inputRuleErrors`: int4 range, no NUL, null only where allowed). */
class DtoValidationPipe extends ValidationPipe {
  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    const errors = await super.validate(object, validatorOptions);
    return [...errors, ...inputRuleErrors(object)];
  }
}

/** Validates bodies, queries and params against the contracts' DTOs; failures are ERR_VALIDATION with fields. */
export function createValidationPipe(): ValidationPipe {
  return new DtoValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => new AppError(ErrorCode.ERR_VALIDATION, { fields: flattenValidationErrors(errors) }),
  });
}

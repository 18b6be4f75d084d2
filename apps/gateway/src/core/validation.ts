import { ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { flattenValidationErrors } from '@atrium/messaging';

/** Validates bodies, queries and params against the contracts' DTOs; failures are ERR_VALIDATION with fields. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => new AppError(ErrorCode.ERR_VALIDATION, { fields: flattenValidationErrors(errors) }),
  });
}

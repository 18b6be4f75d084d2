import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { AppError, ErrorCode, INT4_MAX } from '@atrium/contracts';

/**
 * An id in a path or query (`@Param('id', IdPipe)`): a whole number from 1 to 2147483647 (what an
 * `integer` column holds); otherwise ERR_VALIDATION naming the parameter.
 */
@Injectable()
export class IdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown, metadata: ArgumentMetadata): number {
    // the global ValidationPipe may already have made a number of the text
    const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT4_MAX) {
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [{ field: metadata.data ?? 'id', messages: [`must be a positive integer up to ${INT4_MAX}`] }],
      });
    }
    return id;
  }
}

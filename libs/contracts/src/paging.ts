import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** The highest page number a list accepts. */
export const PAGE_MAX = 100_000;

/** The query of every paged, searchable list (`?searchParam=&pageNumber=`), identity's and tickets' alike. */
export class PageQueryDto {
  @IsOptional() @IsString() @MaxLength(100) searchParam?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(PAGE_MAX) pageNumber?: number;
}

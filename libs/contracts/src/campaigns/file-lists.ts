import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../paging.js';
import { trimmed } from '../transforms.js';

// ---- file lists (apps/campaigns/src/file-lists; spec 001 "Files", File list entity) ----

/** Most options one file list holds. */
export const FILE_LIST_OPTIONS_MAX = 20;

/** One option: a name, and (once uploaded) a file. `id` names an option kept on update. */
export class FileListOptionDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;
  @Transform(trimmed) @IsString() @Length(1, 100) name!: string;
}

/** `POST /files`, `PUT /files/{id}`: name at least 3 ('nome muito curto'), message required ('Obrigatório'), options. `userId` is the actor's. */
export class FileListDto {
  @Transform(trimmed) @IsString({ message: 'Obrigatório' }) @MinLength(3, { message: 'nome muito curto' }) @MaxLength(100) name!: string;
  @IsString({ message: 'Obrigatório' }) @MinLength(1, { message: 'Obrigatório' }) @MaxLength(65_536) message!: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(FILE_LIST_OPTIONS_MAX)
  @ValidateNested({ each: true })
  @Type(() => FileListOptionDto)
  options?: FileListOptionDto[];
}

/** `GET /files/`: searchParam (in the name) and pageNumber; `companyId` is the token's. */
export class FileListsQueryDto extends PageQueryDto {}

/** The files of `POST /files/uploadList/{id}` as the gateway forwards them: each staged file for one option. */
export class FileListUploadItemDto {
  @Type(() => Number) @IsInt() @Min(1) optionId!: number;
  @IsString() @Length(1, 500) upload!: string;
  @IsString() @Length(1, 255) fileName!: string;
  @IsString() @Length(1, 120) mediaType!: string;
}

export class FileListUploadDto {
  @IsArray()
  @ArrayMaxSize(FILE_LIST_OPTIONS_MAX)
  @ValidateNested({ each: true })
  @Type(() => FileListUploadItemDto)
  files!: FileListUploadItemDto[];
}

export interface FileListOptionView {
  id: number;
  name: string;
  /** Object-storage key of the file (served under /public), null until uploaded. */
  path: string | null;
  mediaType: string | null;
  /** The uploaded file's name. */
  file: string | null;
}

export interface FileListView {
  id: number;
  companyId: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListOptionView[];
  createdAt: string;
  updatedAt: string;
}

export interface FileListsPageView {
  files: FileListView[];
  count: number;
  hasMore: boolean;
}

/**
 * `company-{id}-file` ("Live lists"). A saved list travels twice: as `fileList` (our web app) and
 * as `files`, which Atendechat 6.0.0's Files page reads (docs/adr/010, "Payloads of older clients").
 */
export type FileListEventPayload =
  { action: 'create' | 'update'; fileList: FileListView; files: FileListView } | { action: 'delete'; fileId: number };

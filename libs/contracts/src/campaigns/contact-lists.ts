import { Transform, Type } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, Length, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../paging.js';
import { digitsOnly, trimmed } from '../transforms.js';

// ---- contact lists and their items (apps/campaigns/src/contact-lists; spec 001 "Contact lists", "Contact list items") ----

/** `POST /contact-lists`, `PUT /contact-lists/{id}`: name required, 2 to 50 (spec 001 section 5). */
export class ContactListDto {
  @Transform(trimmed) @IsString() @Length(2, 50) name!: string;
}

export interface ContactListView {
  id: number;
  companyId: number;
  name: string;
  /** How many items the list holds. */
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /contact-lists/`: searchParam (in the name) and pageNumber; answers `{ records, count, hasMore }`. */
export class ContactListsQueryDto extends PageQueryDto {}

export interface ContactListsPageView {
  records: ContactListView[];
  count: number;
  hasMore: boolean;
}

/** `POST /contact-list-items`: name 2 to 50, number 8 to 50 digits (punctuation dropped), email valid if given. */
export class ContactListItemDto {
  @Transform(trimmed) @IsString() @Length(2, 50) name!: string;
  @Transform(digitsOnly) @IsString() @Matches(/^\d{8,50}$/, { message: 'number must be 8 to 50 digits' }) number!: string;
  @IsOptional() @Transform(trimmed) @ValidateIf((_, v) => v !== '' && v !== null) @IsEmail() @MaxLength(254) email?: string | null;
  @Type(() => Number) @IsInt() @Min(1) contactListId!: number;
}

/** `PUT /contact-list-items/{id}`: the same fields, each optional; the list cannot change. */
export class UpdateContactListItemDto {
  @IsOptional() @Transform(trimmed) @IsString() @Length(2, 50) name?: string;
  @IsOptional() @Transform(digitsOnly) @IsString() @Matches(/^\d{8,50}$/, { message: 'number must be 8 to 50 digits' }) number?: string;
  @IsOptional() @Transform(trimmed) @ValidateIf((_, v) => v !== '' && v !== null) @IsEmail() @MaxLength(254) email?: string | null;
}

/** `GET /contact-list-items`: searchParam (name, number or email), pageNumber, contactListId (required). */
export class ContactListItemsQueryDto extends PageQueryDto {
  @Type(() => Number) @IsInt() @Min(1) contactListId!: number;
}

export interface ContactListItemView {
  id: number;
  companyId: number;
  contactListId: number;
  name: string;
  number: string;
  email: string | null;
  /** Whether the number is on WhatsApp, as the last check said (false until checked). */
  isWhatsappValid: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItemsPageView {
  contacts: ContactListItemView[];
  count: number;
  hasMore: boolean;
}

/** `company-{id}-ContactList`, spelled as the spec spells it ("Live lists"). */
export type ContactListEventPayload =
  | { action: 'create' | 'update'; record: ContactListView }
  | { action: 'delete'; id: number }
  | { action: 'import'; contactListId: number; progress: ContactListImportProgress };

/** `company-{id}-ContactListItem` (and `company-{id}-ContactListItem-{listId}` for one list's page). */
export type ContactListItemEventPayload =
  | { action: 'create' | 'update'; record: ContactListItemView }
  | { action: 'delete'; id: number; contactListId: number }
  /**
   * Many items changed at once (an import): lists refetch. `records` is the list's first page
   * (`GET /contact-list-items` page 1), which Atendechat 6.0.0's page merges into what it shows.
   */
  | { action: 'reload'; contactListId: number; records: ContactListItemView[] };

export type ContactListImportState = 'queued' | 'running' | 'checking' | 'done' | 'failed';

/** One bad row of an imported sheet: its line (1 = the header) and why it was left out. */
export interface ContactListImportError {
  line: number;
  reason: string;
}

/** How an import stands (live on the list's channel, and answered by the upload and the import status). */
export interface ContactListImportProgress {
  importId: string;
  contactListId: number;
  fileName: string;
  state: ContactListImportState;
  /** Data rows of the sheet (header excluded), once read. */
  total: number;
  read: number;
  added: number;
  duplicates: number;
  invalid: number;
  /** Numbers checked on WhatsApp so far, and how many of them were valid. */
  checked: number;
  valid: number;
  /** The first bad rows (at most CONTACT_LIST_IMPORT_ERRORS_SHOWN), line and reason. */
  errors: ContactListImportError[];
  /** Why the import failed (state failed), or why its WhatsApp check was skipped or cut short (state done). */
  failure: string | null;
}

/** `POST /contact-lists/{id}/upload` as the gateway forwards it: the staged file and its name. */
export class ContactListUploadDto {
  @IsString() @Length(1, 500) upload!: string;
  @IsString() @Length(1, 255) fileName!: string;
}

export const CONTACT_LIST_IMPORT_ERRORS_SHOWN = 100;

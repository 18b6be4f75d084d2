import { AppError, ErrorCode } from '@atrium/contracts';

/** A file multer kept in memory (multipart field `file`). */
export interface UploadedMedia {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

export interface AcceptedImage {
  extension: '.png' | '.jpg' | '.jpeg';
  contentType: 'image/png' | 'image/jpeg';
}

const IMAGE_KINDS: ReadonlyArray<AcceptedImage & { signature: readonly number[] }> = [
  { extension: '.png', contentType: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { extension: '.jpg', contentType: 'image/jpeg', signature: [0xff, 0xd8, 0xff] },
  { extension: '.jpeg', contentType: 'image/jpeg', signature: [0xff, 0xd8, 0xff] },
];

function refused(message: string): AppError {
  return new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'file', messages: [message] }] });
}

/** Refuses a missing or empty (0-byte) upload of a multipart field: there is nothing to store or send. */
export function requireContent(files: UploadedMedia | UploadedMedia[] | undefined, field: string): asserts files {
  const list = files === undefined ? [] : Array.isArray(files) ? files : [files];
  if (list.length === 0) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: ['a file is required'] }] });
  const empty = list.findIndex((file) => file.size === 0 || file.buffer.length === 0);
  if (empty >= 0) {
    const name = Array.isArray(files) ? `${field}[${empty}]` : field;
    throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: name, messages: ['the file is empty (0 bytes)'] }] });
  }
}

/**
 * Accepts only .png, .jpg and .jpeg images (spec 001, announcement image) whose bytes are what
 * the extension claims, so a renamed file of another kind is refused too.
 */
export function acceptImage(file: UploadedMedia | undefined): AcceptedImage {
  requireContent(file, 'file');
  const name = file.originalname.toLowerCase();
  const kind = IMAGE_KINDS.find((candidate) => name.endsWith(candidate.extension));
  if (!kind) throw refused('only .png, .jpg or .jpeg images are accepted');
  if (!kind.signature.every((byte, index) => file.buffer[index] === byte)) throw refused(`the file is not a ${kind.extension} image`);
  return { extension: kind.extension, contentType: kind.contentType };
}

const SPREADSHEET_KINDS = [
  { extension: '.xlsx', signature: [0x50, 0x4b, 0x03, 0x04] },
  { extension: '.xls', signature: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
] as const;

/**
 * Accepts only .xls and .xlsx files (spec 001 "Import accepts only .xls or .xlsx") whose bytes are
 * that kind: an .xlsx is a ZIP, an .xls an OLE2 compound file (a CSV or HTML renamed .xls is refused).
 */
export function acceptSpreadsheet(file: UploadedMedia | undefined): asserts file is UploadedMedia {
  requireContent(file, 'file');
  const name = file.originalname.toLowerCase();
  const kind = SPREADSHEET_KINDS.find((candidate) => name.endsWith(candidate.extension));
  if (!kind) throw refused('only .xls or .xlsx files are accepted');
  if (!kind.signature.every((byte, index) => file.buffer[index] === byte)) throw refused(`the file is not a ${kind.extension} spreadsheet`);
}

/** The name to show for an upload: the client's file name without control characters, at most 255 characters. */
export function displayName(file: UploadedMedia): string {
  // eslint-disable-next-line no-control-regex
  return file.originalname.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file';
}

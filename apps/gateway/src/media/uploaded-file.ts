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

/**
 * Accepts only .png, .jpg and .jpeg images (spec 001, announcement image) whose bytes are what
 * the extension claims, so a renamed file of another kind is refused too.
 */
export function acceptImage(file: UploadedMedia | undefined): AcceptedImage {
  if (!file || file.size === 0) throw refused('an image file is required');
  const name = file.originalname.toLowerCase();
  const kind = IMAGE_KINDS.find((candidate) => name.endsWith(candidate.extension));
  if (!kind) throw refused('only .png, .jpg or .jpeg images are accepted');
  if (!kind.signature.every((byte, index) => file.buffer[index] === byte)) throw refused(`the file is not a ${kind.extension} image`);
  return { extension: kind.extension, contentType: kind.contentType };
}

/** The name to show for an upload: the client's file name without control characters, at most 255 characters. */
export function displayName(file: UploadedMedia): string {
  // eslint-disable-next-line no-control-regex
  return file.originalname.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file';
}

import 'reflect-metadata';
import { AppError } from '@atrium/contracts';
import { acceptImage, displayName, type UploadedMedia } from './uploaded-file.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);

function file(originalname: string, buffer: Buffer): UploadedMedia {
  return { originalname, buffer, size: buffer.length, mimetype: 'application/octet-stream' };
}

function fieldMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).fields![0]!.messages[0]!;
  }
  throw new Error('accepted');
}

describe('acceptImage', () => {
  it('accepts png, jpg and jpeg images whatever the case of the extension', () => {
    expect(acceptImage(file('a.png', PNG))).toEqual({ extension: '.png', contentType: 'image/png' });
    expect(acceptImage(file('b.JPG', JPEG))).toEqual({ extension: '.jpg', contentType: 'image/jpeg' });
    expect(acceptImage(file('c.jpeg', JPEG))).toEqual({ extension: '.jpeg', contentType: 'image/jpeg' });
  });

  it('refuses a missing or empty file', () => {
    expect(fieldMessage(() => acceptImage(undefined))).toBe('a file is required');
    expect(fieldMessage(() => acceptImage(file('a.png', Buffer.alloc(0))))).toBe('the file is empty (0 bytes)');
  });

  it('refuses other extensions', () => {
    expect(fieldMessage(() => acceptImage(file('a.gif', PNG)))).toBe('only .png, .jpg or .jpeg images are accepted');
    expect(fieldMessage(() => acceptImage(file('a.png.html', PNG)))).toBe('only .png, .jpg or .jpeg images are accepted');
  });

  it('refuses a file whose bytes are not what its extension claims', () => {
    expect(fieldMessage(() => acceptImage(file('a.png', JPEG)))).toBe('the file is not a .png image');
    expect(fieldMessage(() => acceptImage(file('page.jpg', Buffer.from('<html>'))))).toBe('the file is not a .jpg image');
  });
});

describe('displayName', () => {
  it('keeps the client name without control characters', () => {
    expect(displayName(file('Promo\n2025.png', PNG))).toBe('Promo2025.png');
    expect(displayName(file('x'.repeat(300), PNG))).toHaveLength(255);
  });
});

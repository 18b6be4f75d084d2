import { contentTypeOf, safeFileName, toStorageKey } from './storage-key.js';

describe('toStorageKey', () => {
  it.each([
    ['announcements/3/photo.png', 'announcements/3/photo.png'],
    [['announcements', '3', 'a-b_c.1.jpg'], 'announcements/3/a-b_c.1.jpg'],
  ])('accepts the safe path %j', (raw, key) => {
    expect(toStorageKey(raw)).toBe(key);
  });

  it.each([
    '../etc/passwd',
    'announcements/../../secret',
    '/etc/passwd',
    'a//b.png',
    'a/./b.png',
    '.env',
    'a/.hidden',
    'a\\..\\b',
    'a/b%2F..',
    'a/b\0.png',
    '',
    'a/' + 'x'.repeat(201),
    Array.from({ length: 11 }, () => 'a').join('/'),
  ])('refuses %j', (raw) => {
    expect(toStorageKey(raw)).toBeNull();
  });

  it('refuses an array with a traversal segment', () => {
    expect(toStorageKey(['announcements', '..', 'x.png'])).toBeNull();
  });
});

describe('safeFileName', () => {
  it('keeps a readable stem and a lower-case extension', () => {
    expect(safeFileName('Foto de férias.JPG')).toBe('Foto_de_f_rias.jpg');
  });

  it('drops directories, including Windows ones', () => {
    expect(safeFileName('C:\\Users\\x\\..\\evil.png')).toBe('evil.png');
    expect(safeFileName('../../evil.png')).toBe('evil.png');
  });

  it('never starts with a dot and falls back when nothing is left', () => {
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('???.png')).toBe('file.png');
    expect(toStorageKey(safeFileName('...png'))).not.toBeNull();
  });
});

describe('contentTypeOf', () => {
  it('maps known extensions and defaults to octet-stream', () => {
    expect(contentTypeOf('a/b.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('a/b.png')).toBe('image/png');
    expect(contentTypeOf('a/b.exe')).toBe('application/octet-stream');
  });
});

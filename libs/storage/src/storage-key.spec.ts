import { extensionOf, serverFileKeySegment, toStorageKey } from './storage-key.js';

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

describe('serverFileKeySegment', () => {
  it('is a fresh random id with the extension of the name, or of the type', () => {
    const first = serverFileKeySegment('../../x/Foto.JPG');
    expect(first).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(serverFileKeySegment('../../x/Foto.JPG')).not.toBe(first);
    expect(serverFileKeySegment('a/b', 'application/pdf')).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(serverFileKeySegment('noext', 'application/x-unknown')).toMatch(/^[0-9a-f]{32}$/);
    expect(toStorageKey(`tickets/1/2/${serverFileKeySegment('a.p$g/../..')}`)).not.toBeNull();
  });

  it('keeps only a plain extension', () => {
    expect(extensionOf('a.tar.gz')).toBe('.gz');
    expect(extensionOf('a.p$g', 'image/png')).toBe('.png');
    expect(extensionOf('x.' + 'a'.repeat(20), 'text/plain')).toBe('.txt');
  });
});

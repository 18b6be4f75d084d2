import { hasUnstorableText, storableDeep, storableText } from './storable-text.js';

describe('storableText', () => {
  it('drops U+0000 and lone surrogates, keeps everything else', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\uD83Dy')).toBe('xy');
    expect(storableText('x\uDE00y')).toBe('xy');
    expect(storableText('ok 😀 \u0001 \t é')).toBe('ok 😀 \u0001 \t é');
    expect(hasUnstorableText('a\u0000')).toBe(true);
    expect(hasUnstorableText('😀')).toBe(false);
    expect(hasUnstorableText('\uD83D')).toBe(true);
  });

  it('cleans every string of a nested value and keeps untouched values as they are', () => {
    const clean = { a: 'x', list: [{ name: 'y' }], n: 1, none: null };
    expect(storableDeep(clean)).toBe(clean);
    expect(storableDeep({ body: 'a\u0000', from: { name: 'J\u0000o' }, list: ['\uD800', 2], 'k\u0000': true })).toEqual({
      body: 'a',
      from: { name: 'Jo' },
      list: ['', 2],
      k: true,
    });
  });
});

import { render } from '@testing-library/react';
import { formatWhatsappText, tokenizeWhatsappText, type ScanSteps, type WhatsappToken } from './whatsapp-format';

const MARKS: Record<string, string> = { '*': 'strong', _: 'em', '~': 's', '`': 'code' };
/** The pattern the formatter used before (quadratic on long texts): the reference for what the marks mean. */
const PREVIOUS = /(https?:\/\/[^\s<]+)|([*_~`])(?=\S)([^\n]*?\S)\2(?![\w*_~`])/g;

function previousTokens(text: string, depth = 0): WhatsappToken[] {
  const tokens: WhatsappToken[] = [];
  let last = 0;
  for (const match of text.matchAll(PREVIOUS)) {
    const at = match.index;
    if (at > last) tokens.push(text.slice(last, at));
    if (match[1]) tokens.push({ link: match[1] });
    else tokens.push({ mark: MARKS[match[2]!] as 'strong', children: depth + 1 < 4 ? previousTokens(match[3]!, depth + 1) : [match[3]!] });
    last = at + match[0].length;
  }
  if (last < text.length) tokens.push(text.slice(last));
  return tokens;
}

function stepsFor(text: string): number {
  const work: ScanSteps = { steps: 0 };
  tokenizeWhatsappText(text, work);
  return work.steps;
}

/** Texts that made the previous pattern quadratic: many openings without a closing, long lines, nesting. */
const PATHOLOGICAL: Array<(length: number) => string> = [
  (length) => '*a '.repeat(length / 3),
  (length) => '*_~`x'.repeat(length / 5),
  (length) => `*${'a'.repeat(length - 2)} `,
  (length) => '*_~`'.repeat(length / 8) + 'x' + '`~_* '.repeat(length / 8),
  (length) => 'https://x '.repeat(length / 10).replace(/ /g, '*'),
  (length) => '_a_b'.repeat(length / 4),
];

describe('WhatsApp formatting', () => {
  it('reads bold, italic, strike, code and links as WhatsApp does', () => {
    expect(tokenizeWhatsappText('*Olá* _tudo_ ~bem~ `sim` https://atrium.test/a?b=1 fim')).toEqual([
      { mark: 'strong', children: ['Olá'] },
      ' ',
      { mark: 'em', children: ['tudo'] },
      ' ',
      { mark: 's', children: ['bem'] },
      ' ',
      { mark: 'code', children: ['sim'] },
      ' ',
      { link: 'https://atrium.test/a?b=1' },
      ' fim',
    ]);
    expect(tokenizeWhatsappText('*_ambos_*')).toEqual([{ mark: 'strong', children: [{ mark: 'em', children: ['ambos'] }] }]);
    expect(tokenizeWhatsappText('2*3*4 e * solto e *quebra\nde linha*')).toEqual(['2*3*4 e * solto e *quebra\nde linha*']);
  });

  it('means what the previous pattern meant, on many mixed texts', () => {
    const alphabet = ['*', '_', '~', '`', 'a', 'b', ' ', '\n', '1', 'https://x.y/', '<', 'é'];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let sample = 0; sample < 2000; sample++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect([text, tokenizeWhatsappText(text)]).toEqual([text, previousTokens(text)]);
    }
  });

  it('does work linear in the text’s length on pathological bodies (80 000 characters: at most 8× the work of 10 000)', () => {
    for (const body of PATHOLOGICAL) {
      const small = stepsFor(body(10_000));
      const large = stepsFor(body(80_000));
      expect(large).toBeLessThanOrEqual(8 * small * 1.05);
      // every character is read a bounded number of times (one pass per nesting level at most)
      expect(large).toBeLessThanOrEqual(80_000 * 2 * 5);
    }
  });

  it('renders the marks as elements, never as HTML', () => {
    const { container } = render(<p>{formatWhatsappText('*<img src=x onerror=alert(1)>* veja https://a.test')}</p>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

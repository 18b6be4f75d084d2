import type { ReactNode } from 'react';

type Mark = 'strong' | 'em' | 's' | 'code';
const MARK_CHARS = ['*', '_', '~', '`'] as const;
const MARKS: Record<(typeof MARK_CHARS)[number], Mark> = { '*': 'strong', _: 'em', '~': 's', '`': 'code' };
/** Marks inside marks are read this deep (WhatsApp combines its four); deeper ones stay plain text. */
const MAX_DEPTH = 4;
const NONE = -1;

const SPACE = /\s/;
const WORD_OR_MARK = /[\w*_~`]/;
const LINK_START = /^https?:\/\//;
const LINK_END = /[\s<]/;

/** A piece of a formatted text: plain text, a link, or a mark around more pieces. */
export type WhatsappToken = string | { link: string } | { mark: Mark; children: WhatsappToken[] };

/** Counts the characters the tokenizer examined: its work, for tests that check it stays linear. */
export interface ScanSteps {
  steps: number;
}

/**
 * For each mark and position p, the first closing mark at or after p: the mark character after a
 * non-space and not followed by a word character or another mark. And for each p, the first line
 * break at or after p. One backward pass, so finding a mark's end costs O(1), whatever the text.
 */
function closingPositions(text: string, work: ScanSteps): { closers: Int32Array[]; lineBreaks: Int32Array } {
  const n = text.length;
  const closers = MARK_CHARS.map(() => new Int32Array(n + 1).fill(NONE));
  const lineBreaks = new Int32Array(n + 1).fill(n);
  for (let p = n - 1; p >= 0; p--) {
    work.steps += 1;
    const char = text[p]!;
    lineBreaks[p] = char === '\n' ? p : lineBreaks[p + 1]!;
    const closes = p > 0 && !SPACE.test(text[p - 1]!) && (p + 1 >= n || !WORD_OR_MARK.test(text[p + 1]!));
    MARK_CHARS.forEach((mark, m) => (closers[m]![p] = closes && char === mark ? p : closers[m]![p + 1]!));
  }
  return { closers, lineBreaks };
}

/**
 * WhatsApp's formatting of a text: *bold*, _italic_, ~strike~ and `code` (a mark opens before a
 * non-space and closes, on the same line, at its first closing mark), and http(s) links, which
 * win where both start. Linear in the text's length (each nesting level, at most MAX_DEPTH,
 * reads its marks' contents once more): an 80 000-character body costs no more than 8 times a
 * 10 000-character one.
 */
export function tokenizeWhatsappText(text: string, work: ScanSteps = { steps: 0 }, depth = 0): WhatsappToken[] {
  const tokens: WhatsappToken[] = [];
  const { closers, lineBreaks } = closingPositions(text, work);
  const n = text.length;
  let plainFrom = 0;
  let i = 0;
  const take = (token: WhatsappToken, at: number, next: number) => {
    if (at > plainFrom) tokens.push(text.slice(plainFrom, at));
    tokens.push(token);
    plainFrom = i = next;
  };
  while (i < n) {
    work.steps += 1;
    if (text[i] === 'h' && LINK_START.test(text.slice(i, i + 8))) {
      const hostFrom = i + (text[i + 4] === 's' ? 8 : 7);
      let end = hostFrom;
      while (end < n && !LINK_END.test(text[end]!)) {
        work.steps += 1;
        end += 1;
      }
      if (end > hostFrom) {
        take({ link: text.slice(i, end) }, i, end);
        continue;
      }
    }
    const m = MARK_CHARS.indexOf(text[i] as (typeof MARK_CHARS)[number]);
    if (m >= 0 && i + 2 < n && !SPACE.test(text[i + 1]!)) {
      const close = closers[m]![i + 2]!;
      if (close !== NONE && close < lineBreaks[i + 1]!) {
        const inner = text.slice(i + 1, close);
        const children = depth + 1 < MAX_DEPTH ? tokenizeWhatsappText(inner, work, depth + 1) : [inner];
        take({ mark: MARKS[MARK_CHARS[m]!], children }, i, close + 1);
        continue;
      }
    }
    i += 1;
  }
  if (plainFrom < n) tokens.push(text.slice(plainFrom));
  return tokens;
}

function render(tokens: WhatsappToken[]): ReactNode[] {
  return tokens.map((token, key) => {
    if (typeof token === 'string') return token;
    if ('link' in token) {
      return (
        <a key={key} href={token.link} target="_blank" rel="noopener noreferrer">
          {token.link}
        </a>
      );
    }
    const Tag = token.mark;
    return <Tag key={key}>{render(token.children)}</Tag>;
  });
}

/** A message text with WhatsApp's formatting as elements (never as HTML). */
export function formatWhatsappText(text: string): ReactNode[] {
  return render(tokenizeWhatsappText(text));
}

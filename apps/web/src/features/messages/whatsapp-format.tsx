import type { ReactNode } from 'react';

const MARKS: Record<string, 'strong' | 'em' | 's' | 'code'> = { '*': 'strong', _: 'em', '~': 's', '`': 'code' };
/** *bold*, _italic_, ~strike~, `code` (WhatsApp's marks), and links; the rest is plain text. */
const TOKEN = /(https?:\/\/[^\s<]+)|([*_~`])(?=\S)([^\n]*?\S)\2(?![\w*_~`])/g;

/** A message text with WhatsApp's formatting as elements (never as HTML). */
export function formatWhatsappText(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index ?? 0;
    if (at > last) nodes.push(text.slice(last, at));
    if (match[1]) {
      nodes.push(
        <a key={key++} href={match[1]} target="_blank" rel="noopener noreferrer">
          {match[1]}
        </a>,
      );
    } else {
      const Tag = MARKS[match[2]!]!;
      nodes.push(<Tag key={key++}>{formatWhatsappText(match[3]!)}</Tag>);
    }
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

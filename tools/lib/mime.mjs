import { TextDecoder } from 'node:util';

/**
 * Just enough MIME to show a developer what the platform mailed: the subject and the plain
 * text of a message as nodemailer writes it (headers with encoded words, multipart bodies,
 * quoted-printable or base64 parts).
 */

function decodeBytes(bytes, charset = 'utf-8') {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function quotedPrintableBytes(text) {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Uint8Array.from(bytes);
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= and =?utf-8?B?...?=) in a header value. */
export function decodeHeaderValue(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? decodeBytes(Buffer.from(text, 'base64'), charset)
        : decodeBytes(quotedPrintableBytes(text.replace(/_/g, ' ')), charset),
    );
}

/** Splits a message or part into lower-cased, unfolded headers and its body. */
function splitEntity(raw) {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function parameter(headerValue, name) {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(headerValue ?? '');
  return match ? match[1] : undefined;
}

function decodeBody(headers, body) {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = parameter(headers['content-type'], 'charset') ?? 'utf-8';
  if (encoding === 'base64') return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(body), charset);
  return body;
}

function htmlToText(html) {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** The readable text of an entity: its text/plain part, else its HTML without tags. */
function textOf({ headers, body }) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(headers['content-type'], 'boundary');
    if (!boundary) return '';
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => splitEntity(part.replace(/^\r?\n/, '')));
    const plain = parts.find((part) => (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain'));
    const nested = parts.find((part) => (part.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/'));
    const html = parts.find((part) => (part.headers['content-type'] ?? '').toLowerCase().startsWith('text/html'));
    const chosen = plain ?? nested ?? html;
    return chosen ? textOf(chosen) : '';
  }
  const text = decodeBody(headers, body);
  return type.startsWith('text/html') ? htmlToText(text) : text;
}

/** The subject and plain text of a raw RFC 5322 message. */
export function readMail(raw) {
  const entity = splitEntity(raw);
  return {
    subject: decodeHeaderValue(entity.headers.subject ?? ''),
    text: textOf(entity).replace(/\r\n?/g, '\n').trim(),
  };
}

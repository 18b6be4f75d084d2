/**
 * Turns the apps' output into readable console lines: `[identity] identity listening`.
 * Pino JSON lines are shortened to their message (plus the level when it is warn or worse,
 * the error's stack, and a compact view of other fields); other lines pass through.
 */

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const HIDDEN_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'name',
  'msg',
  'err',
  'requestId',
  'reqId',
  'req',
  'res',
  'responseTime',
  'context',
]);
/** Nest's boot and shutdown chatter, hidden at info level unless verbose. */
const CHATTER_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestMicroservice',
  'NestApplication',
  'WebSocketsController',
]);

function isChatter(entry) {
  return entry.level <= 30 && (CHATTER_CONTEXTS.has(entry.context) || String(entry.msg ?? '').startsWith('NatsStatus'));
}
const COLORS = [36, 32, 33, 35, 34, 96, 92, 93, 95, 94];

function extras(entry) {
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !HIDDEN_FIELDS.has(key)));
  if (Object.keys(rest).length === 0) return '';
  const text = JSON.stringify(rest);
  return text.length <= 300 ? ` ${text}` : ` ${text.slice(0, 297)}...`;
}

/**
 * One pino JSON line as a short human line, null when the line is not pino JSON, or '' when it
 * is chatter to hide (unless `verbose`).
 */
export function shortenPinoLine(line, verbose = false) {
  if (!line.startsWith('{')) return null;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return null;
  if (!verbose && isChatter(entry)) return '';
  const level = LEVELS[entry.level] ?? String(entry.level);
  let text = level === 'info' || level === 'debug' || level === 'trace' ? '' : `${level.toUpperCase()} `;
  if (entry.req && entry.res) {
    text += `${entry.req.method} ${entry.req.url} ${entry.res.statusCode}${entry.responseTime === undefined ? '' : ` ${entry.responseTime} ms`}`;
  } else {
    text += entry.msg ?? '';
  }
  text += extras(entry);
  if (entry.err && typeof entry.err === 'object') text += `\n${entry.err.stack ?? entry.err.message ?? JSON.stringify(entry.err)}`;
  return text;
}

/**
 * A console for several processes. `write` receives finished lines (default: stdout);
 * pass `write: () => {}` to silence it.
 */
export function createOutput({ write, color, verbose = process.env.ATRIUM_VERBOSE === '1' } = {}) {
  const sink = write ?? ((line) => process.stdout.write(`${line}\n`));
  const useColor = color ?? (write === undefined && process.stdout.isTTY === true && !process.env.NO_COLOR);
  const colorOf = new Map();
  const prefix = (name) => {
    if (!useColor) return `[${name}]`;
    if (!colorOf.has(name)) colorOf.set(name, COLORS[colorOf.size % COLORS.length]);
    return `\u001b[${colorOf.get(name)}m[${name}]\u001b[0m`;
  };
  return {
    /** One line (or several, split on newlines) under a name. */
    line(name, text) {
      for (const part of String(text).split('\n')) sink(`${prefix(name)} ${part}`);
    },
    /** A line of start.mjs itself. */
    say(text) {
      sink(text);
    },
    /** Forwards a child's stream line by line, shortening pino lines. */
    follow(name, stream, keep) {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        buffered += chunk;
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          const raw = buffered.slice(0, newline).replace(/\r$/, '');
          buffered = buffered.slice(newline + 1);
          if (raw.trim() !== '') {
            const text = shortenPinoLine(raw, verbose) ?? raw;
            keep?.(text || raw);
            if (text) this.line(name, text);
          }
          newline = buffered.indexOf('\n');
        }
      });
      stream.on('end', () => {
        if (buffered.trim() === '') return;
        keep?.(buffered);
        const text = shortenPinoLine(buffered, verbose) ?? buffered;
        if (text) this.line(name, text);
      });
    },
  };
}

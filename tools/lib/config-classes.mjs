import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads the configuration classes (libs/config ServiceConfig and apps/<app>/src/config.ts)
 * well enough to document them: each field's name, default, whether it is optional, and the
 * JSDoc comment above it. A field is a line ending in `NAME[?]: type [= default];` whose name
 * is an environment variable (upper case).
 */

const FIELD = /(?:^|\s)(?:override\s+)?([A-Z][A-Z0-9_]+)(\?)?!?:\s*([^=;]+?)(?:\s*=\s*(.+?))?;\s*(?:\/\/.*)?$/;

function evaluateDefault(expression) {
  if (expression === undefined) return undefined;
  const text = expression.trim();
  const quoted = /^(['"`])(.*)\1$/.exec(text);
  if (quoted) return quoted[2];
  if (/^[\d_]+(\s*\*\s*[\d_]+)*$/.test(text)) {
    return String(text.split('*').reduce((product, factor) => product * Number(factor.trim().replace(/_/g, '')), 1));
  }
  return text;
}

function cleanComment(lines) {
  return lines
    .join(' ')
    .replace(/\/\*\*|\*\/|^\s*\*|\s\*\s/g, ' ')
    .replace(/^\s*\/\/\s?/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The class's lines, trimmed, with a declaration the formatter wrapped over several lines (a long
 * decorator's arguments, a default on the next line) joined back into one line ending with `;`.
 */
function statementLines(source) {
  const lines = [];
  let pending = '';
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const code = line.replace(/(?:^|\s)\/\/(?:\s.*)?$/, '');
    const inComment = line.startsWith('/*') || line.startsWith('*') || line.startsWith('//');
    if (pending) {
      pending += (pending.endsWith('(') || pending.endsWith('{') || pending.endsWith('[') ? '' : ' ') + line;
      if (code.endsWith(';')) {
        lines.push(pending);
        pending = '';
      }
      continue;
    }
    const opensDeclaration = !inComment && /^@|^(?:override\s+)?[A-Z][A-Z0-9_]+\??!?:/.test(line) && !code.endsWith(';');
    const decoratorAlone = /^(@\w+\([^()]*\)\s*)+$/.test(code);
    if (opensDeclaration && !decoratorAlone) pending = line;
    else lines.push(line);
  }
  if (pending) lines.push(pending);
  return lines;
}

/** { className, extendsServiceConfig, fields: [{ name, default, optional, type, doc, validation }] } */
export function readConfigClass(file) {
  const source = readFileSync(file, 'utf8');
  const classMatch = /export class (\w+)(?:\s+extends\s+(\w+))?/.exec(source);
  const fields = [];
  let comment = [];
  let inComment = false;
  for (const line of statementLines(source.slice(classMatch ? classMatch.index : 0))) {
    if (inComment || line.startsWith('/**') || line.startsWith('/*')) {
      comment.push(line);
      inComment = !line.includes('*/');
      continue;
    }
    if (line.startsWith('//')) {
      comment.push(line);
      continue;
    }
    const match = FIELD.exec(line);
    if (match && !line.startsWith('export') && !line.startsWith('return')) {
      const [, name, question, type, defaultExpression] = match;
      const decorators = line.slice(0, match.index + match[0].indexOf(name)).trim();
      fields.push({
        name,
        type: type.trim(),
        default: evaluateDefault(defaultExpression),
        optional: question === '?',
        requiredInProduction: /NODE_ENV === 'production'/.test(decorators),
        doc: cleanComment(comment),
      });
    }
    if (line !== '' && !line.startsWith('@')) comment = [];
    else if (match) comment = [];
  }
  return { className: classMatch?.[1], extends: classMatch?.[2], fields };
}

/** Config classes of libs/config that apps extend besides ServiceConfig; their fields count as the app's own. */
const INTERMEDIATE_CLASSES = { MediaStorageConfig: 'media-storage-config.ts' };

/** The shared ServiceConfig and every app that has src/config.ts, in a stable order. */
export function readAllConfigs(root) {
  const shared = readConfigClass(path.join(root, 'libs', 'config', 'src', 'service-config.ts'));
  const intermediate = Object.fromEntries(
    Object.entries(INTERMEDIATE_CLASSES).map(([name, file]) => [name, readConfigClass(path.join(root, 'libs', 'config', 'src', file))]),
  );
  const appsDir = path.join(root, 'apps');
  const apps = readdirSync(appsDir)
    .filter((name) => existsSync(path.join(appsDir, name, 'src', 'config.ts')))
    .sort()
    .map((name) => {
      const config = readConfigClass(path.join(appsDir, name, 'src', 'config.ts'));
      let fields = config.fields;
      let parent = config.extends;
      for (; parent && intermediate[parent]; parent = intermediate[parent].extends) {
        const own = new Set(fields.map((field) => field.name));
        fields = [...intermediate[parent].fields.filter((field) => !own.has(field.name)), ...fields];
      }
      return { app: name, ...config, fields, usesServiceConfig: parent === 'ServiceConfig' };
    });
  return { shared, apps };
}

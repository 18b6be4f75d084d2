import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';
import { findLiterals, findTranslationUses, hasTranslation } from './web-texts.js';

/**
 * Every text of the web app goes through its locale files (pt default, en, es; CONVENTIONS):
 * no user-visible literal in apps/web/src outside them, and every key the code asks for exists in
 * the three languages. What must stay literal is listed below with its reason.
 */

const WEB_SRC = path.join(REPO_ROOT, 'apps/web/src');
const LOCALES = path.join(WEB_SRC, 'locales');
const LANGUAGES = ['pt', 'en', 'es'] as const;
const DEFAULT_NAMESPACE = 'common';

const NOT_A_TEXT = 'a translation key suffix or a data field name, not a text';
const CODE = 'a command line or an HTTP method shown as code: the same in every language';

/** Literals that stay, by file (relative to apps/web/src) and text, each with why. */
const ALLOWED: ReadonlyArray<{ file: string; text: string | RegExp; reason: string }> = [
  ...['qrcode', 'pairing', 'opening', 'connected', 'disconnected', 'timeout'].map((text) => ({
    file: 'features/connections/components/connection-status.component.tsx',
    text,
    reason: NOT_A_TEXT,
  })),
  { file: 'features/dashboard/components/dashboard-charts.component.tsx', text: 'total', reason: NOT_A_TEXT },
  { file: 'features/messages-api/components/messages-api.page.tsx', text: 'POST', reason: CODE },
  { file: 'features/messages-api/components/messages-api.page.tsx', text: /^curl -X POST /, reason: CODE },
  {
    file: 'features/queue-integrations/components/integration-type-logo.component.tsx',
    text: 'DF',
    reason: "the Dialogflow logo's letters",
  },
  { file: 'features/queue-integrations/components/integration-type-logo.component.tsx', text: 'TB', reason: "the Typebot logo's letters" },
  { file: 'features/queue-integrations/components/queue-integration-form.modal.tsx', text: 'https://', reason: 'a URL scheme' },
  {
    file: 'features/settings/components/week-schedule-fields.component.tsx',
    text: 'HH:MM',
    reason: "the spec's time mask (spec 001 section 5)",
  },
];

const SAME_WORD = 'the same word in Portuguese and English (a loanword, a product or brand name, an abbreviation)';
const SPEC_TEXT = 'a text the spec gives literally, kept as written';

/** Texts the pt and en locales may share (any other pt text equal to its en text, outside SPEC_TEXTS_KEPT, is left untranslated), each with why. */
const SAME_IN_PT_AND_EN: Readonly<Record<string, string>> = {
  Status: SAME_WORD,
  'Status:': SAME_WORD,
  'E-mail': SAME_WORD,
  Id: SAME_WORD,
  ID: SAME_WORD,
  URL: SAME_WORD,
  API: SAME_WORD,
  'Endpoint:': SAME_WORD,
  Checkout: SAME_WORD,
  Chats: SAME_WORD,
  Chatbot: SAME_WORD,
  Dashboard: SAME_WORD,
  Kanban: SAME_WORD,
  Leads: SAME_WORD,
  Ticket: SAME_WORD,
  Tickets: SAME_WORD,
  '{{name}} - Ticket {{id}}': SAME_WORD,
  'Ticket {{number}}, {{name}}': SAME_WORD,
  Tags: SAME_WORD,
  Online: SAME_WORD,
  Offline: SAME_WORD,
  Volume: SAME_WORD,
  Emoji: SAME_WORD,
  Prompt: SAME_WORD,
  Prompts: SAME_WORD,
  Agenda: SAME_WORD,
  Admin: SAME_WORD,
  Supervisor: SAME_WORD,
  Super: SAME_WORD,
  'Msg. {{n}}': SAME_WORD,
  'QR CODE': SAME_WORD,
  Atrium: SAME_WORD,
  IP: SAME_WORD,
  'IP {{ip}} · {{userAgent}}': SAME_WORD,
  Login: SAME_WORD,
  Logout: SAME_WORD,
  Token: SAME_WORD,
  WhatsApp: SAME_WORD,
  'WhatsApp (beta)': SAME_WORD,
  'Open.Ai': SAME_WORD,
  Dialogflow: SAME_WORD,
  N8N: SAME_WORD,
  Webhook: SAME_WORD,
  Typebot: SAME_WORD,
  Português: 'a language named in itself',
  English: 'a language named in itself',
  Español: 'a language named in itself',
};

/** Keys whose pt text is the spec's English text, kept as written (spec 001 section 6; section 5 of both for the forms). */
const SPEC_TEXTS_KEPT: Readonly<Record<string, string>> = {
  'queues:toasts.saved': SPEC_TEXT,
  'connections:qr.waiting': SPEC_TEXT,
  'campaigns:validation.required': SPEC_TEXT,
  'campaigns:validation.tooShort': SPEC_TEXT,
  'campaigns:validation.tooLong': SPEC_TEXT,
  'users:validation.required': SPEC_TEXT,
  'users:validation.tooShort': SPEC_TEXT,
  'users:validation.tooLong': SPEC_TEXT,
  'users:validation.invalidEmail': SPEC_TEXT,
};

function isAllowed(allowed: string | RegExp, text: string): boolean {
  return typeof allowed === 'string' ? allowed === text : allowed.test(text);
}

function leaves(tree: unknown, prefix = ''): Array<[string, string]> {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === LOCALES ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function locale(language: string): Record<string, unknown> {
  const dir = path.join(LOCALES, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown]),
  );
}

const files = sourceFiles(WEB_SRC).map((full) => ({ file: path.relative(WEB_SRC, full), source: readFileSync(full, 'utf8') }));

describe('the texts of the web app', () => {
  it('finds the web sources (the check reads something)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(({ file }) => file.endsWith('signup.page.tsx'))).toBe(true);
  });

  it('has no user-visible literal outside the locale files', () => {
    const literals = files.flatMap(({ file, source }) =>
      findLiterals(file, source)
        .filter(({ text }) => !ALLOWED.some((allowed) => allowed.file === file && isAllowed(allowed.text, text)))
        .map(({ line, text, where }) => `${file}:${line} ${where}: ${JSON.stringify(text)}`),
    );
    expect(literals).toEqual([]);
  });

  it('keeps every allowed literal in use (the list does not rot)', () => {
    const unused = ALLOWED.filter(
      ({ file, text }) =>
        !files.some(
          (candidate) => candidate.file === file && findLiterals(file, candidate.source).some((found) => isAllowed(text, found.text)),
        ),
    );
    expect(unused).toEqual([]);
  });

  it('has no Portuguese text left in English (or English text left in Portuguese)', () => {
    const pt = locale('pt');
    const en = locale('en');
    const untranslated = Object.keys(pt).flatMap((ns) => {
      const english = new Map(leaves(en[ns]));
      return leaves(pt[ns])
        .filter(
          ([key, text]) =>
            /\p{L}{2,}/u.test(text) && english.get(key) === text && !(text in SAME_IN_PT_AND_EN) && !(`${ns}:${key}` in SPEC_TEXTS_KEPT),
        )
        .map(([key, text]) => `${ns}:${key} ${JSON.stringify(text)}`);
    });
    expect(untranslated).toEqual([]);
  });

  it.each(LANGUAGES)('has every key the code asks for in %s', (language) => {
    const tree = locale(language);
    const missing = files.flatMap(({ file, source }) =>
      findTranslationUses(file, source, DEFAULT_NAMESPACE)
        .filter(({ namespaces, key }) => !namespaces.some((ns) => hasTranslation(tree[ns], key)))
        .map(({ line, namespaces, key }) => `${file}:${line} ${namespaces.join('|')}:${key}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the text finder', () => {
  it('reports JSX text, visible props, rule messages and toasts, not code strings', () => {
    const source = `
      export function Page() {
        const rules = [{ required: true, message: 'Required' }];
        toast.success('Saved!');
        return <Form.Item label="Nome" rules={rules}><Input placeholder={'Search'} data-testid="search-box" />Hello {'there'} {count}</Form.Item>;
      }`;
    expect(findLiterals('page.tsx', source).map(({ where, text }) => `${where}: ${text}`)).toEqual([
      'property message: Required',
      'toast.success(): Saved!',
      'prop label: Nome',
      'prop placeholder: Search',
      'JSX text: Hello',
      'JSX text: there',
    ]);
  });

  it('reads the namespace of a key from useTranslation, the call options or the key', () => {
    const source = `
      const { t } = useTranslation('auth');
      t('signup.title'); t('validation.required', { ns: 'common' }); i18n.t('errors:ERR_X');`;
    expect(findTranslationUses('page.tsx', source, 'common').map(({ namespaces, key }) => `${namespaces.join('|')}:${key}`)).toEqual([
      'auth:signup.title',
      'common:validation.required',
      'errors:ERR_X',
    ]);
    expect(hasTranslation({ signup: { title: 'x' } }, 'signup.title')).toBe(true);
    expect(hasTranslation({ signup: { title: 'x' } }, 'signup.missing')).toBe(false);
    expect(hasTranslation({ day_one: 'dia', day_other: 'dias' }, 'day')).toBe(true);
  });
});

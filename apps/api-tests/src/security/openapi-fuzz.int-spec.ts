import type { ContactView, QueueView, QuickMessageView, TagView, UserView } from '@atrium/contracts';
import type { ApiClient, ApiResponse } from '../api-client.js';
import { createPlan } from '../identity-fixtures.js';
import { startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from '../tickets/inbound-publisher.js';
import { createQueue } from '../tickets/tickets-fixtures.js';
import { changedTables, StoredState } from './stored-state.js';

/** The parts of an OpenAPI 3 document the fuzz reads. */
interface Schema {
  type?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  minLength?: number;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Attempt {
  method: Method;
  route: string;
  path: string;
  body?: unknown;
  raw?: string;
}

const INT4_OVERFLOW = 2_147_483_648;
const NUL = 'a\u0000b';
const CONTROL = '\u0007\u0008\u001b[31m\u007f\u0085\u2028\u202e';
const LONG = 'x'.repeat(20_000);

/** Paths that end the fuzzing login, or that a bad value cannot reach (probes, docs). */
const SKIPPED = new Set(['DELETE /auth/logout', 'POST /auth/refresh_token', 'GET /health/live', 'GET /health/ready']);
/** Platform routes: a company admin is refused before validation, so the super user fuzzes them. */
const PLATFORM = /^\/(companies|plans|helps|announcements|invoices\/reconciliation)(\/|$)/;

const BAD_PATH_VALUES = ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '%00', encodeURIComponent(CONTROL), '%E0%A4%A'];
const BAD_BY_TYPE: Record<string, unknown[]> = {
  integer: [INT4_OVERFLOW, -INT4_OVERFLOW - 1, 1e308, 1.5, '12abc', null, {}],
  number: [1e308, -1e308, 'NaN', null, []],
  string: [null, 123, NUL, CONTROL, LONG, [], '9999-99-99', '0001-01-01'],
  boolean: ['yes', 2, null],
  array: ['notarray', [null], [INT4_OVERFLOW], [NUL], null, Array.from({ length: 500 }, (_, i) => i + 1)],
  object: [null, 'x', []],
};
const BAD_QUERY_VALUES = [
  '2147483648',
  '-1',
  '1.5',
  'abc',
  '%00',
  encodeURIComponent(CONTROL),
  '9999-99-99',
  '0001-01-01',
  '%5B2147483648%5D',
  '%5Bnull%5D',
  '%7B%7D',
  '',
  encodeURIComponent(LONG),
];

/** A deterministic pseudo-random sequence (the same attempts on every run). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  if (!schema?.$ref) return schema ?? {};
  return document.components.schemas[schema.$ref.split('/').pop()!] ?? {};
}

/** A plausible value for a field, so that one bad field meets an otherwise valid body and reaches the service. */
function plausible(name: string, schema: Schema, foreignId: number): unknown {
  if (schema.enum) return schema.enum[0];
  if (name.toLowerCase().includes('email')) return `fuzz${Math.floor(Math.random() * 1e9)}@example.com`;
  if (name.toLowerCase().includes('color')) return '#A1B2C3';
  if (name === 'number' || name === 'phone') return '5511900000000';
  switch (schema.type) {
    case 'integer':
    case 'number':
      return name.endsWith('Id') ? foreignId : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'string':
      return 'Fuzz text value';
    default:
      return undefined;
  }
}

/** Most attempts per operation: every target (path parameter, query name, body field, whole body) gets its turn first. */
const ATTEMPTS_PER_OPERATION = 14;

/** Takes attempts from each group in turn (a shuffled order per group) until `limit`. */
function roundRobin(groups: Attempt[][], limit: number, random: () => number): Attempt[] {
  const queues = groups.map((group) => [...group].sort(() => random() - 0.5));
  const picked: Attempt[] = [];
  while (picked.length < limit && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next && picked.length < limit) picked.push(next);
    }
  }
  return picked;
}

/** Bounded attempts for one operation: bad path values, bad query values, bad body fields, malformed bodies. */
function attemptsFor(
  document: OpenApiDocument,
  method: Method,
  route: string,
  operation: Operation,
  queryNames: string[],
  foreignId: number,
  random: () => number,
): Attempt[] {
  const groups: Attempt[][] = [];
  const params = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const fill = (values: Record<string, string>) => route.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? String(foreignId));
  for (const param of params) {
    groups.push([...BAD_PATH_VALUES, String(foreignId)].map((value) => ({ method, route, path: fill({ [param]: value }) })));
  }
  const basePath = fill({});
  if (method === 'GET') {
    groups.push([{ method, route, path: `${basePath}?${queryNames.map((name) => `${name}=%00`).join('&')}` }]);
    const queryValues = [...BAD_QUERY_VALUES, String(foreignId), `%5B${foreignId}%5D`];
    groups.push(
      queryNames.map((name) => ({ method, route, path: `${basePath}?${name}=${queryValues[Math.floor(random() * queryValues.length)]!}` })),
    );
  }
  const schema = resolve(document, operation.requestBody?.content?.['application/json']?.schema);
  if (schema.properties) {
    const base: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      const value = plausible(name, resolve(document, property), foreignId);
      if (value !== undefined) base[name] = value;
    }
    for (const [name, property] of Object.entries(schema.properties)) {
      const type = resolve(document, property).type ?? 'object';
      const values = [...(BAD_BY_TYPE[type] ?? BAD_BY_TYPE.object!), ...(name.endsWith('Ids') || name === 'tags' ? [[foreignId]] : [])];
      groups.push(values.map((bad) => ({ method, route, path: basePath, body: { ...base, [name]: bad } })));
    }
    groups.push([
      ...[null, [], 'text', 42].map((body) => ({ method, route, path: basePath, body })),
      ...[
        '{"name": "unterminated',
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
        '"\\u0000"',
        '{"name": "a\\u0000b"}',
      ].map((raw) => ({ method, route, path: basePath, raw })),
    ]);
  }
  return roundRobin(groups, ATTEMPTS_PER_OPERATION, random);
}

/**
 * Issue 9's fuzz pass: every route of the gateway's own OpenAPI document gets wrong types, huge
 * and out-of-range numbers, NUL and control characters, nulls, impossible dates, malformed JSON
 * and another company's ids. None may answer 5xx, and a write that is refused stores nothing.
 * Bounded: a fixed set of values per field, run a few requests at a time.
 */
describe('fuzz pass over every route of the OpenAPI document', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let platform: ApiClient;
  let document: OpenApiDocument;
  let state: StoredState;
  let foreign: { contact: ContactView; tag: TagView; queue: QueueView; quick: QuickMessageView; user: UserView };

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets', 'campaigns', 'billing', 'ai'] });
    platform = await superAdmin(env.stack);
    const planId = (await createPlan(platform, { connections: 3, users: 50, queues: 50 })).id;
    tenant = await signUpTenant(env.stack, planId);
    const other = await signUpTenant(env.stack, planId);
    foreign = {
      contact: (await other.admin.post<ContactView>('/contacts', { name: 'Outra empresa', number: '5511911112222' })).body,
      tag: (await other.admin.post<TagView>('/tags', { name: 'Alheia', color: '#0A0B0C' })).body,
      queue: await createQueue(other, 'Fila alheia'),
      quick: (await other.admin.post<QuickMessageView>('/quick-messages', { shortcode: 'alheia', message: 'x' })).body,
      user: other.adminSession.user,
    };
    document = (await env.stack.client().get<OpenApiDocument>('/docs/openapi.json')).body;
    state = await StoredState.open(env.stack);
  });
  afterAll(async () => {
    await state?.close();
    await env.stop();
    await (await InboundPublisher.open(env.stack.env)).close();
  });

  async function send(client: ApiClient, attempt: Attempt): Promise<ApiResponse> {
    if (attempt.raw === undefined) return client.request(attempt.method, attempt.path, attempt.body);
    const response = await fetch(env.stack.url + attempt.path, {
      method: attempt.method,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
      body: attempt.raw,
    });
    return { status: response.status, body: await response.text(), headers: response.headers };
  }

  it('answers no 5xx, and refused writes store nothing', async () => {
    const queryNames = [
      ...new Set(
        Object.entries(document.components.schemas).flatMap(([name, schema]) =>
          name.endsWith('QueryDto') ? Object.keys(schema.properties ?? {}) : [],
        ),
      ),
    ];
    expect(queryNames).toEqual(expect.arrayContaining(['searchParam', 'pageNumber', 'queueIds', 'updatedAt', 'dateStart']));
    const foreignIdOf = (route: string): number => {
      if (route.startsWith('/contacts')) return foreign.contact.id;
      if (route.startsWith('/tags')) return foreign.tag.id;
      if (route.startsWith('/queue')) return foreign.queue.id;
      if (route.startsWith('/quick-messages')) return foreign.quick.id;
      return foreign.user.id;
    };
    const random = seeded(9);
    const failures: string[] = [];
    let sent = 0;
    const routes = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .map(([method, operation]) => ({ route, method: method.toUpperCase() as Method, operation }))
        .filter(({ route: path, method }) => ['GET', 'POST', 'PUT', 'DELETE'].includes(method) && !SKIPPED.has(`${method} ${path}`)),
    );
    expect(routes.length).toBeGreaterThan(80);
    // a redirect (the single sign-on callback's, to the web app) is an answer: read, not followed
    for (const client of [platform, tenant.admin]) client.redirects = 'manual';

    for (const { route, method, operation } of routes) {
      const client = PLATFORM.test(route) ? platform : tenant.admin;
      const attempts = attemptsFor(document, method, route, operation, queryNames, foreignIdOf(route), random);
      const before = method === 'GET' ? undefined : await state.settled();
      const statuses: number[] = [];
      for (let i = 0; i < attempts.length; i += 8) {
        const batch = attempts.slice(i, i + 8);
        const responses = await Promise.all(batch.map((attempt) => send(client, attempt)));
        responses.forEach((response, index) => {
          statuses.push(response.status);
          if (response.status >= 500) {
            const attempt = batch[index]!;
            failures.push(
              `${attempt.method} ${attempt.path.slice(0, 120)} ${JSON.stringify(attempt.body ?? attempt.raw)?.slice(0, 160)} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`,
            );
          }
        });
      }
      sent += attempts.length;
      if (before !== undefined && statuses.every((status) => status >= 400 && status < 500)) {
        const changed = changedTables(before, await state.digest());
        if (changed.length > 0) failures.push(`${method} ${route}: refused every attempt, yet ${changed.join(', ')} changed`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(800);
  }, 240_000);
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';

/**
 * Each GET of the web's API layer is defined once: a second endpoint for the same path keeps a
 * second cache of the same rows under another name (GET /prompt was defined both in connections
 * and in prompts). The endpoints are the `build.query` and `build.infiniteQuery` of every
 * `*.api.ts` under apps/web/src; in a path each `${...}` counts as one parameter, and the query
 * string and a trailing slash are left out.
 */

const WEB_SRC = path.join(REPO_ROOT, 'apps', 'web', 'src');
const ENDPOINT = /(\w+):\s*build\.(query|infiniteQuery|mutation)\b/g;
const URL_OF = /query:\s*(?:\([^)]*\)|\w+)\s*=>\s*(?:\(\{[^'"`]*?url:\s*)?(['"`])(.*?)\1/s;
const METHOD = /method:\s*['"](\w+)['"]/;

/**
 * Paths read by two endpoints on purpose, each with its reason; a path struck from the code must
 * be struck from here too.
 */
const READ_TWICE: Record<string, string> = {
  // The top bar and the drawer's unread dot read the first page alone (`chats`); the chats page
  // pages through them all (`chatsPage`), and a plain query and an infinite one are two endpoints.
  '/chats': 'chats, chatsPage',
  // An admin's peek sends markRead=false so that it leaves the unread count and WhatsApp's read
  // receipts alone: another request than the conversation's, in its own cache.
  '/messages/{}': 'messagesPage, peekMessagesPage',
};

function apiFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return apiFiles(full);
    return name.endsWith('.api.ts') ? [full] : [];
  });
}

/** The GET endpoints of one api file's text, as `path -> endpoint names`. */
function getEndpointsOf(text: string): Array<{ path: string; name: string }> {
  const starts = [...text.matchAll(ENDPOINT)];
  return starts.flatMap((start, i) => {
    const [, name, kind] = start;
    const body = text.slice(start.index, starts[i + 1]?.index ?? text.length);
    const url = URL_OF.exec(body);
    const method = METHOD.exec(body)?.[1]?.toUpperCase() ?? 'GET';
    if (kind === 'mutation' || method !== 'GET' || !url) return [];
    const endpointPath = url[2]!
      .replace(/\$\{[^}]*\}/g, '{}')
      .split('?')[0]!
      .replace(/\/$/, '');
    return [{ path: endpointPath, name: name! }];
  });
}

/** The paths read by more than one endpoint, with the endpoints' names. */
function pathsReadTwice(endpoints: Array<{ path: string; name: string }>): Record<string, string> {
  const byPath = new Map<string, string[]>();
  for (const { path: endpointPath, name } of endpoints) byPath.set(endpointPath, [...(byPath.get(endpointPath) ?? []), name]);
  return Object.fromEntries(
    [...byPath].filter(([, names]) => names.length > 1).map(([endpointPath, names]) => [endpointPath, names.sort().join(', ')]),
  );
}

describe("the web's API layer", () => {
  it('defines each GET path once (beyond the listed reads)', () => {
    const files = apiFiles(WEB_SRC);
    expect(files.length).toBeGreaterThan(10);
    const endpoints = files.flatMap((file) => getEndpointsOf(readFileSync(file, 'utf8')));
    expect(endpoints.length).toBeGreaterThan(30);
    expect(pathsReadTwice(endpoints)).toEqual(READ_TWICE);
  });

  it('finds a path defined twice (the check can fail)', () => {
    const connections = `endpoints: (build) => ({
      connection: build.query<WhatsappView, number>({ query: (id) => \`/whatsapp/\${id}\` }),
      startSession: build.mutation<unknown, number>({ query: (id) => ({ url: \`/whatsappsession/\${id}\`, method: 'POST' }) }),
      prompts: build.query<PromptRef[], void>({
        query: () => '/prompt',
        providesTags: ['Prompts'],
      }),
    })`;
    const prompts = `endpoints: (build) => ({
      promptList: build.query<PromptView[], void>({ query: () => '/prompt', providesTags: ['Prompts'] }),
      prompt: build.query<PromptView, number>({ query: (id) => \`/prompt/\${id}\` }),
      createPrompt: build.mutation<PromptView, PromptInput>({ query: (body) => ({ url: '/prompt', method: 'POST', body }) }),
      deletePrompt: build.query<unknown, number>({ query: (id) => ({ url: \`/whatsapp/\${id}?force=1\`, method: 'DELETE' }) }),
    })`;
    expect(pathsReadTwice(getEndpointsOf(prompts))).toEqual({});
    expect(pathsReadTwice([...getEndpointsOf(connections), ...getEndpointsOf(prompts)])).toEqual({ '/prompt': 'promptList, prompts' });
  });
});

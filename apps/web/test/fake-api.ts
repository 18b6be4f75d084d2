/**
 * The network boundary of component tests: answers the app's HTTP calls from a table instead of a
 * server (the browser end-to-end tests in apps/e2e talk to the real platform).
 */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeRoute = FakeResponse | ((call: FakeCall) => FakeResponse);

export interface FakeApi {
  calls: FakeCall[];
  /** Calls to one "METHOD /path". */
  callsTo(route: string): FakeCall[];
  restore(): void;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Routes are keyed "METHOD /path" (query string ignored); anything else answers 404 ERR_NOT_FOUND. */
export function fakeApi(routes: Record<string, FakeRoute>): FakeApi {
  const original = globalThis.fetch;
  const calls: FakeCall[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: parseBody(await request.text()),
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { error: 'ERR_NOT_FOUND' } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

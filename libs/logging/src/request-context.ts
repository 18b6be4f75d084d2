import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Where a request came from (the browser's IP and user agent, as the gateway saw them). */
export interface RequestClient {
  ip?: string;
  userAgent?: string;
}

interface RequestContext {
  requestId: string;
  client?: RequestClient;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Runs fn with a request id that every log line inside it carries, across awaits; with the
 * caller's client, which NATS requests made inside it carry on (audit log, docs/adr/023).
 */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T, client?: RequestClient): T {
  return storage.run({ requestId: requestId || randomUUID(), ...(client && { client }) }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The client of the request being handled, when it came from a browser through the gateway. */
export function currentClient(): RequestClient | undefined {
  return storage.getStore()?.client;
}

export function newRequestId(): string {
  return randomUUID();
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs fn with a request id that every log line inside it carries, across awaits. */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId || randomUUID() }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function newRequestId(): string {
  return randomUUID();
}

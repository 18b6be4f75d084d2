/**
 * An error of a part too busy to start the work asked of it (a database pool with no free
 * connection in time): nothing was done, so the one error mapper (libs/messaging) answers it
 * 503 ERR_SERVICE_UNAVAILABLE with `retryAfterSeconds` (HTTP: Retry-After), never 500. Libraries
 * that must not load the contracts at run time (libs/database, read by drizzle-kit) implement it.
 */
export interface BusyError extends Error {
  readonly busy: true;
  readonly retryAfterSeconds: number;
}

export function isBusyError(error: unknown): error is BusyError {
  return (
    error instanceof Error &&
    (error as Partial<BusyError>).busy === true &&
    typeof (error as Partial<BusyError>).retryAfterSeconds === 'number'
  );
}

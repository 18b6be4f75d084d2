import type { ArgumentsHost } from '@nestjs/common';
import { AppError, ErrorCode, type BusyError } from '@atrium/contracts';
import { createLogger } from '@atrium/logging';
import { AppErrorFilter } from './rpc-server.js';

class PoolBusy extends Error implements BusyError {
  readonly busy = true as const;
  readonly retryAfterSeconds = 3;
}

/** An HTTP host whose response records what the filter answered. */
function httpHost() {
  const answer: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const response = {
    setHeader: (name: string, value: string) => (answer.headers[name] = value),
    status: (status: number) => {
      answer.status = status;
      return { json: (body: unknown) => (answer.body = body) };
    },
  };
  const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  return { host, answer };
}

describe('AppErrorFilter', () => {
  const filter = new AppErrorFilter(createLogger({ service: 'test', level: 'silent' }));

  it('answers a BusyError (nothing done) 503 ERR_SERVICE_UNAVAILABLE with Retry-After, not a 500', () => {
    const { host, answer } = httpHost();
    filter.catch(new PoolBusy('database busy'), host);
    expect(answer).toEqual({
      status: 503,
      headers: { 'Retry-After': '3' },
      body: { error: ErrorCode.ERR_SERVICE_UNAVAILABLE, data: { reason: 'database busy', retryAfterSeconds: 3 } },
    });
  });

  it('sends Retry-After for an AppError that carries retryAfterSeconds, and none otherwise', () => {
    const limited = httpHost();
    filter.catch(new AppError(ErrorCode.ERR_WAPP_RATE_LIMITED, { data: { retryAfterSeconds: 1 } }), limited.host);
    expect(limited.answer).toMatchObject({ status: 429, headers: { 'Retry-After': '1' } });
    const plain = httpHost();
    filter.catch(new Error('boom'), plain.host);
    expect(plain.answer).toMatchObject({ status: 500, headers: {}, body: { error: ErrorCode.ERR_INTERNAL } });
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from './bot-engine.js';
import type { CircuitBreaker } from './circuit-breaker.js';

export interface ProviderCallPolicy {
  timeoutMs: number;
  /** Further attempts after a retryable failure. */
  retries: number;
  /** First retry delay, doubled at each further attempt. */
  backoffMs: number;
}

/** The circuit of this bot is open: nothing was asked of the provider. */
export class CircuitOpenError extends ProviderError {
  constructor(provider: string) {
    super(provider, 'network', 'circuit open');
  }
}

/** Server errors, rate limits, timeouts and network failures are worth another try; other answers (401, 400...) and a refused address are not. */
function retryable(error: ProviderError): boolean {
  if (error.status === 'refused') return false;
  return typeof error.status !== 'number' || error.status >= 500 || error.status === 429 || error.status === 408;
}

/**
 * Every call the runtime makes to an outside provider: a timeout per attempt (the engine gets the
 * abort signal), bounded retries with exponential backoff, and the bot's circuit breaker (an open
 * circuit fails at once; each failure and success is counted). Throws the last ProviderError.
 */
export async function callProvider<T>(
  breaker: CircuitBreaker,
  bot: { provider: string; breakerKey: string },
  policy: ProviderCallPolicy,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (await breaker.isOpen(bot.breakerKey)) throw new CircuitOpenError(bot.provider);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new ProviderError(bot.provider, 'timeout', `no answer in ${policy.timeoutMs} ms`)),
      policy.timeoutMs,
    );
    try {
      const result = await call(controller.signal);
      await breaker.succeeded(bot.breakerKey);
      return result;
    } catch (thrown) {
      const error = asProviderError(bot.provider, thrown, controller.signal);
      const opened = await breaker.failed(bot.breakerKey);
      if (opened || !retryable(error) || attempt >= policy.retries) throw error;
      await sleep(policy.backoffMs * 2 ** attempt);
    } finally {
      clearTimeout(timer);
    }
  }
}

function asProviderError(provider: string, thrown: unknown, signal: AbortSignal): ProviderError {
  if (signal.aborted && signal.reason instanceof ProviderError) return signal.reason;
  if (thrown instanceof ProviderError) return thrown;
  return new ProviderError(provider, 'network', thrown instanceof Error ? thrown.message : String(thrown));
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter"
 * (half fixed, half random), so a network blip does not make every session of a replica
 * reconnect in the same millisecond, and no delay is close to zero.
 */
export function reconnectDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 30));
  const half = exponential / 2;
  return Math.round(half + random() * half);
}

/** A company's pace for each of its connections (campaign settings, in seconds). */
export interface PaceSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
}

/** What is remembered of a connection's last send: when it started and how many were sent. */
export interface PaceState {
  lastAt: number;
  count: number;
}

/**
 * When the next message of a connection may start: `messageInterval` seconds after the last one,
 * or `greaterInterval` seconds (when longer) after every `longerIntervalAfter` messages.
 */
export function nextSendAt(state: PaceState | null, settings: PaceSettings): number {
  if (state === null) return 0;
  const pause = settings.longerIntervalAfter > 0 && state.count > 0 && state.count % settings.longerIntervalAfter === 0;
  const gapSeconds = pause ? Math.max(settings.messageInterval, settings.greaterInterval) : settings.messageInterval;
  return state.lastAt + Math.round(gapSeconds * 1000);
}

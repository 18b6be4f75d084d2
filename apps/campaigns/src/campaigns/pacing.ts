/** A company's pace for each of its connections (campaign settings, in seconds). */
export interface PaceSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
}

/** What is remembered of a connection's last send: its turn (when it was due to start) and how many were sent. */
export interface PaceState {
  lastAt: number;
  count: number;
}

/** A connection's next turn: when its message may start, and the gap it keeps after the previous one (ms). */
export interface Turn {
  at: number;
  gapMs: number;
}

/**
 * The connection's next turn: `messageInterval` seconds after the last one, or `greaterInterval`
 * seconds (when longer) after every `longerIntervalAfter` messages; at once (at 0) for the first.
 */
export function nextTurn(state: PaceState | null, settings: PaceSettings): Turn {
  const pause = state !== null && settings.longerIntervalAfter > 0 && state.count > 0 && state.count % settings.longerIntervalAfter === 0;
  const gapMs = Math.round((pause ? Math.max(settings.messageInterval, settings.greaterInterval) : settings.messageInterval) * 1000);
  return { at: state === null ? 0 : state.lastAt + gapMs, gapMs };
}

/**
 * The time a turn taken at `now` is recorded as: its due time, so the work between the wake-up and
 * the send (reads, a timer's lateness) does not add to every gap and slow the pace; but never more
 * than one gap behind `now`, so a sender that was held up (a busy process, a long pause) does not
 * catch up with a burst. The first turn is `now`.
 */
export function turnTakenAt(turn: Turn, now: number): number {
  return turn.at === 0 ? now : Math.max(turn.at, now - turn.gapMs);
}

import { QUEUE_OPTION_MAX } from '@atrium/contracts/tickets/queue-options.js';

/** What the tree editor needs of an option to order it among its siblings. */
export interface SiblingOption {
  id: number;
  option: number;
}

/** One PUT /queue-options/{id} that changes only the option number. */
export interface RenumberStep {
  id: number;
  option: number;
}

export function byOptionNumber<T extends SiblingOption>(options: readonly T[]): T[] {
  return [...options].sort((a, b) => a.option - b.option || a.id - b.id);
}

function freeNumbers(siblings: readonly SiblingOption[]): number[] {
  const taken = new Set(siblings.map((sibling) => sibling.option));
  const free: number[] = [];
  for (let option = 1; option <= QUEUE_OPTION_MAX; option += 1) if (!taken.has(option)) free.push(option);
  return free;
}

/** The number a new option gets: one after the highest, else the first free one; null when all are taken. */
export function nextOptionNumber(siblings: readonly SiblingOption[]): number | null {
  const highest = Math.max(0, ...siblings.map((sibling) => sibling.option));
  if (highest < QUEUE_OPTION_MAX) return highest + 1;
  return freeNumbers(siblings)[0] ?? null;
}

/**
 * Moves an option one place up or down among its siblings by swapping its number with the
 * neighbour's. The server keeps numbers unique under a parent, so the swap goes through a free
 * number: three renumberings, in order. Empty when there is no neighbour that way; null when no
 * number is free to pass through.
 */
export function moveSteps(siblings: readonly SiblingOption[], id: number, direction: -1 | 1): RenumberStep[] | null {
  const ordered = byOptionNumber(siblings);
  const index = ordered.findIndex((sibling) => sibling.id === id);
  const moving = ordered[index];
  const neighbour = ordered[index + direction];
  if (!moving || !neighbour) return [];
  const parking = freeNumbers(siblings)[0];
  if (parking === undefined) return null;
  return [
    { id: moving.id, option: parking },
    { id: neighbour.id, option: moving.option },
    { id: moving.id, option: neighbour.option },
  ];
}

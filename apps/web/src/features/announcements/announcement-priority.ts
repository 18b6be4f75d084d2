/** Announcement priorities (spec 000 section 3, spec 001 section 9): 1 high red, 2 medium orange, 3 low grey. */
export const PRIORITIES = [1, 2, 3] as const;
export type Priority = (typeof PRIORITIES)[number];

const COLORS: Record<Priority, string> = { 1: '#f5222d', 2: '#fa8c16', 3: '#8c8c8c' };
const LABEL_KEYS: Record<Priority, string> = { 1: 'priority.high', 2: 'priority.medium', 3: 'priority.low' };

export function priorityColor(priority: number): string {
  return COLORS[priority as Priority] ?? COLORS[3];
}

export function priorityLabelKey(priority: number): string {
  return LABEL_KEYS[priority as Priority] ?? LABEL_KEYS[3];
}

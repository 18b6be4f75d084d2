import type { ChatView } from '@atrium/contracts';

/** The user's unread count in a chat (0 when they are not a member). */
export function unreadsOf(chat: Pick<ChatView, 'users'>, userId: number): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}

export function isOwner(chat: Pick<ChatView, 'ownerId'>, userId: number): boolean {
  return chat.ownerId === userId;
}

/** Chat dialog rules (spec 001 section 5): the alert key to show, or null when the input may be saved. */
export function chatInputProblem(title: string, users: readonly number[]): 'titleRequired' | 'usersRequired' | null {
  if (title.trim() === '') return 'titleRequired';
  if (users.length === 0) return 'usersRequired';
  return null;
}

/** Older messages load within 600 px of the top (spec 001 section 9). */
export const OLDER_CHAT_MESSAGES_THRESHOLD_PX = 600;

import { Inject, Injectable } from '@nestjs/common';
import { CHAT_EVENT_KINDS, type ChatEventPayload, type ChatMessageView, type ChatView } from '@atrium/contracts';

type ChatEventKind = 'chat' | 'chat-user' | `chat-user-${number}` | `chat-${number}`;
import { EventBus } from '@atrium/messaging';

function memberIds(chat: ChatView): number[] {
  return chat.users.map((member) => member.userId);
}

/**
 * The live events of internal chat, published after the change committed. Every one names its
 * audience by user id: a chat's events reach its members' sockets only, never the whole company.
 */
@Injectable()
export class ChatsEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  created(chat: ChatView): void {
    this.toUsers(chat.companyId, { action: 'create', chat, record: chat }, memberIds(chat));
    this.toMembers(chat, CHAT_EVENT_KINDS.chat, { action: 'create', chat, record: chat });
  }

  /** A rename, a member change or a read: the members now get `update`; members removed get `delete`. */
  updated(chat: ChatView, removedUserIds: number[] = [], addedUserIds: number[] = []): void {
    const payload: ChatEventPayload = { action: 'update', chat, record: chat };
    const added = new Set(addedUserIds);
    const kept = memberIds(chat).filter((id) => !added.has(id));
    this.toUsers(chat.companyId, { action: 'create', chat, record: chat }, [...added]);
    this.toUsers(chat.companyId, payload, kept);
    this.toMembers(chat, CHAT_EVENT_KINDS.oneChat(chat.id), payload);
    this.publish(chat.companyId, CHAT_EVENT_KINDS.chat, payload, kept);
    if (added.size > 0) this.publish(chat.companyId, CHAT_EVENT_KINDS.chat, { action: 'create', chat, record: chat }, [...added]);
    if (removedUserIds.length > 0) this.publish(chat.companyId, CHAT_EVENT_KINDS.chat, { action: 'delete', id: chat.id }, removedUserIds);
  }

  newMessage(chat: ChatView, newMessage: ChatMessageView): void {
    const payload: ChatEventPayload = { action: 'new-message', newMessage: { ...newMessage, chat }, chat };
    this.toMembers(chat, CHAT_EVENT_KINDS.oneChat(chat.id), payload);
    this.toMembers(chat, CHAT_EVENT_KINDS.chat, payload);
  }

  deleted(chat: ChatView): void {
    this.toMembers(chat, CHAT_EVENT_KINDS.chat, { action: 'delete', id: chat.id });
  }

  /** `chat-user` to these users, and `chat-user-{userId}` to each of them (the name older clients listen to). */
  private toUsers(companyId: number, payload: ChatEventPayload, userIds: number[]): void {
    this.publish(companyId, CHAT_EVENT_KINDS.chatUser, payload, userIds);
    for (const userId of userIds) this.publish(companyId, CHAT_EVENT_KINDS.oneMember(userId), payload, [userId]);
  }

  private toMembers(chat: ChatView, kind: ChatEventKind, payload: ChatEventPayload): void {
    this.publish(chat.companyId, kind, payload, memberIds(chat));
  }

  private publish(companyId: number, kind: ChatEventKind, payload: ChatEventPayload, userIds: number[]): void {
    if (userIds.length === 0) return;
    this.bus.publish({ kind, companyId, payload, audience: { userIds } });
  }
}

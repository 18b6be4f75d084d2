import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  INT4_MAX,
  type Actor,
  type ChatDto,
  type ChatMessageDto,
  type ChatMessagesPageView,
  type ChatMessagesQueryDto,
  type ChatMessageView,
  type ChatsPageView,
  type ChatsQueryDto,
  type ChatView,
  type UpdateChatDto,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { hasMore } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { DirectoryService } from '../directory/directory.service.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { ChatsEvents } from './chats.events.js';
import { ChatsRepository, type ChatMemberRow, type ChatMessageWithSender, type ChatRow } from './chats.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toChatView(row: ChatRow, members: ChatMemberRow[]): ChatView {
  return {
    id: row.id,
    uuid: row.uuid,
    companyId: row.companyId,
    title: row.title,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    users: members
      .filter((member) => member.chatId === row.id)
      .map((member) => ({
        chatId: row.id,
        userId: member.userId,
        unreads: member.unreads,
        user: { id: member.userId, name: member.name ?? '' },
      })),
  };
}

export function toChatMessageView(row: ChatMessageWithSender): ChatMessageView {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: { id: row.senderId, name: row.senderName ?? '' },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Internal chat (spec 001 "Internal chat"): conversations between users of one company. Only a
 * chat's members see it, its messages and its events; only its owner edits or deletes it. A
 * message, the chat's lastMessage and every other member's unread count change in one transaction.
 */
@Injectable()
export class ChatsService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(ChatsRepository) private readonly chats: ChatsRepository,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(ChatsEvents) private readonly events: ChatsEvents,
  ) {}

  page(actor: Actor, query: ChatsQueryDto): Promise<ChatsPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const { rows, count } = await this.chats.pageOfMember(tx, actor.companyId, actor.userId, query.searchParam, query.pageNumber);
      const members = await this.chats.members(
        tx,
        actor.companyId,
        rows.map((row) => row.id),
      );
      return {
        records: rows.map((row) => toChatView(row, members)),
        count,
        hasMore: hasMore(query.pageNumber, PAGE_SIZES.chats, rows.length, count),
      };
    });
  }

  /** A chat of which the actor is a member, by id or by uuid (the page's `/chats/{uuid}`). */
  show(actor: Actor, idOrUuid: unknown): Promise<ChatView> {
    const key = String(idOrUuid ?? '');
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row = UUID.test(key)
        ? await this.chats.findByUuid(tx, actor.companyId, key)
        : /^\d{1,10}$/.test(key) && Number(key) <= INT4_MAX
          ? await this.chats.findById(tx, actor.companyId, Number(key))
          : undefined;
      if (!row || !(await this.chats.isMember(tx, row.id, actor.userId))) throw new AppError(ErrorCode.ERR_NO_CHAT_FOUND);
      return this.view(tx, row);
    });
  }

  async create(actor: Actor, dto: ChatDto): Promise<ChatView> {
    const memberIds = [...new Set([actor.userId, ...dto.users])];
    await this.directory.requireUsers(actor, memberIds);
    const chat = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.chats.insert(tx, { companyId: actor.companyId, title: dto.title, ownerId: actor.userId });
      await this.chats.addMembers(tx, actor.companyId, row.id, memberIds);
      return this.view(tx, row);
    });
    this.events.created(chat);
    return chat;
  }

  /** Owner only: a new title and/or member list (the owner stays a member whatever the list says). */
  async update(actor: Actor, id: number, dto: UpdateChatDto): Promise<ChatView> {
    const memberIds = dto.users ? [...new Set([actor.userId, ...dto.users])] : undefined;
    if (memberIds) await this.directory.requireUsers(actor, memberIds);
    const { chat, removed, added } = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.owned(tx, actor, id);
      if (dto.title !== undefined) await this.chats.rename(tx, row.id, dto.title);
      let removedIds: number[] = [];
      let addedIds: number[] = [];
      if (memberIds) {
        const before = new Set((await this.chats.members(tx, actor.companyId, [row.id])).map((member) => member.userId));
        removedIds = await this.chats.removeMembersExcept(tx, row.id, memberIds);
        addedIds = memberIds.filter((userId) => !before.has(userId));
        await this.chats.addMembers(tx, actor.companyId, row.id, addedIds);
      }
      return { chat: await this.view(tx, (await this.chats.findById(tx, actor.companyId, row.id))!), removed: removedIds, added: addedIds };
    });
    this.events.updated(chat, removed, added);
    return chat;
  }

  /** Owner only; the members' lists drop it. */
  async delete(actor: Actor, id: number): Promise<ChatView> {
    const chat = await this.database.withTenant(actor.companyId, async (tx) => {
      const view = await this.view(tx, await this.owned(tx, actor, id));
      await this.chats.delete(tx, id);
      return view;
    });
    this.events.deleted(chat);
    return chat;
  }

  messages(actor: Actor, id: number, query: ChatMessagesQueryDto): Promise<ChatMessagesPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      await this.membership(tx, actor, id);
      const { rows, count } = await this.chats.messagesPage(tx, id, query.pageNumber);
      return {
        records: rows.map(toChatMessageView),
        count,
        hasMore: hasMore(query.pageNumber, PAGE_SIZES.chatMessages, rows.length, count),
      };
    });
  }

  async send(actor: Actor, id: number, dto: ChatMessageDto): Promise<ChatMessageView> {
    const { chat, message } = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.chats.lock(tx, actor.companyId, id);
      if (!row || !(await this.chats.isMember(tx, row.id, actor.userId))) throw new AppError(ErrorCode.ERR_NO_CHAT_FOUND);
      const stored = await this.chats.insertMessage(tx, row, actor.userId, dto.message);
      const view = await this.view(tx, (await this.chats.findById(tx, actor.companyId, id))!);
      const senderName = view.users.find((member) => member.userId === actor.userId)?.user.name ?? null;
      return { chat: view, message: toChatMessageView({ ...stored, senderName }) };
    });
    this.events.newMessage(chat, message);
    return message;
  }

  /** The actor read the chat: their own unread count goes back to 0 (another member's never). */
  async read(actor: Actor, id: number, userId: number | undefined): Promise<ChatView> {
    if (userId !== undefined && userId !== actor.userId) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    const chat = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.chats.findById(tx, actor.companyId, id);
      if (!row || !(await this.chats.markRead(tx, id, actor.userId))) throw new AppError(ErrorCode.ERR_NO_CHAT_FOUND);
      return this.view(tx, row);
    });
    this.events.updated(chat);
    return chat;
  }

  private async view(tx: TicketsTx, row: ChatRow): Promise<ChatView> {
    return toChatView(row, await this.chats.members(tx, row.companyId, [row.id]));
  }

  /** The chat when the actor is a member; ERR_NO_CHAT_FOUND otherwise (a non-member learns nothing). */
  private async membership(tx: TicketsTx, actor: Actor, id: number): Promise<ChatRow> {
    const row = await this.chats.findById(tx, actor.companyId, id);
    if (!row || !(await this.chats.isMember(tx, row.id, actor.userId))) throw new AppError(ErrorCode.ERR_NO_CHAT_FOUND);
    return row;
  }

  /** The chat locked for a change when the actor owns it; a member who is not the owner gets ERR_NO_PERMISSION. */
  private async owned(tx: TicketsTx, actor: Actor, id: number): Promise<ChatRow> {
    const row = await this.chats.lock(tx, actor.companyId, id);
    if (!row || !(await this.chats.isMember(tx, row.id, actor.userId))) throw new AppError(ErrorCode.ERR_NO_CHAT_FOUND);
    if (row.ownerId !== actor.userId) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    return row;
  }
}

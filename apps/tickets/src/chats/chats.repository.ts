import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, exists, ilike, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { likePattern, newestFirst, pageOffset } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { chatMessages, chats, chatUsers, userRefs } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export interface ChatMemberRow {
  chatId: number;
  userId: number;
  unreads: number;
  name: string | null;
}

export interface ChatMessageWithSender extends ChatMessageRow {
  senderName: string | null;
}

/** SQL of internal chat: chats, their members' unread counts and their messages. */
@Injectable()
export class ChatsRepository {
  /** A page of the chats the user is a member of, the most recently active first. */
  async pageOfMember(tx: TicketsTx, companyId: number, userId: number, searchParam: string | undefined, pageNumber: number | undefined) {
    const term = searchParam?.trim();
    const where = and(
      eq(chats.companyId, companyId),
      exists(
        tx
          .select({ one: sql`1` })
          .from(chatUsers)
          .where(and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId))),
      ),
      term ? ilike(chats.title, likePattern(term)) : undefined,
    );
    const rows = await tx
      .select()
      .from(chats)
      .where(where)
      .orderBy(newestFirst(chats.updatedAt), newestFirst(chats.id))
      .limit(PAGE_SIZES.chats)
      .offset(pageOffset(pageNumber, PAGE_SIZES.chats));
    const [total] = await tx.select({ n: count() }).from(chats).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  async findById(tx: TicketsTx, companyId: number, id: number): Promise<ChatRow | undefined> {
    const [row] = await tx
      .select()
      .from(chats)
      .where(and(eq(chats.companyId, companyId), eq(chats.id, id)));
    return row;
  }

  async findByUuid(tx: TicketsTx, companyId: number, uuid: string): Promise<ChatRow | undefined> {
    const [row] = await tx
      .select()
      .from(chats)
      .where(and(eq(chats.companyId, companyId), eq(chats.uuid, uuid)));
    return row;
  }

  /** The chat, locked against a concurrent delete or edit until the transaction ends. */
  async lock(tx: TicketsTx, companyId: number, id: number): Promise<ChatRow | undefined> {
    const [row] = await tx
      .select()
      .from(chats)
      .where(and(eq(chats.companyId, companyId), eq(chats.id, id)))
      .for('update');
    return row;
  }

  async isMember(tx: TicketsTx, chatId: number, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ userId: chatUsers.userId })
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)));
    return row !== undefined;
  }

  /** Members of these chats with their names (from the users read model), in join order. */
  async members(tx: TicketsTx, companyId: number, chatIds: number[]): Promise<ChatMemberRow[]> {
    if (chatIds.length === 0) return [];
    return tx
      .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: userRefs.name })
      .from(chatUsers)
      .leftJoin(userRefs, eq(userRefs.id, chatUsers.userId))
      .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, chatIds)))
      .orderBy(asc(chatUsers.createdAt), asc(chatUsers.userId));
  }

  async insert(tx: TicketsTx, values: { companyId: number; title: string; ownerId: number }): Promise<ChatRow> {
    const [row] = await tx.insert(chats).values(values).returning();
    return row!;
  }

  async addMembers(tx: TicketsTx, companyId: number, chatId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx
      .insert(chatUsers)
      .values(userIds.map((userId) => ({ companyId, chatId, userId })))
      .onConflictDoNothing();
  }

  /** Removes every member not in `keep`; answers the removed user ids. */
  async removeMembersExcept(tx: TicketsTx, chatId: number, keep: number[]): Promise<number[]> {
    const removed = await tx
      .delete(chatUsers)
      .where(and(eq(chatUsers.chatId, chatId), notInArray(chatUsers.userId, keep)))
      .returning({ userId: chatUsers.userId });
    return removed.map((row) => row.userId);
  }

  async rename(tx: TicketsTx, chatId: number, title: string): Promise<void> {
    await tx.update(chats).set({ title, updatedAt: new Date() }).where(eq(chats.id, chatId));
  }

  async delete(tx: TicketsTx, chatId: number): Promise<void> {
    await tx.delete(chats).where(eq(chats.id, chatId));
  }

  /**
   * Stores a message and, in the same statement set, the chat's lastMessage and an unread more
   * for every member but the sender (atomic increments: concurrent messages never lose one).
   */
  async insertMessage(tx: TicketsTx, chat: ChatRow, senderId: number, message: string): Promise<ChatMessageRow> {
    const [row] = await tx.insert(chatMessages).values({ companyId: chat.companyId, chatId: chat.id, senderId, message }).returning();
    await tx.update(chats).set({ lastMessage: message, updatedAt: row!.createdAt }).where(eq(chats.id, chat.id));
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1`, updatedAt: new Date() })
      .where(and(eq(chatUsers.chatId, chat.id), ne(chatUsers.userId, senderId)));
    return row!;
  }

  /** Sets the member's unread count back to 0; false when they are not a member. */
  async markRead(tx: TicketsTx, chatId: number, userId: number): Promise<boolean> {
    const rows = await tx
      .update(chatUsers)
      .set({ unreads: 0, updatedAt: new Date() })
      .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)))
      .returning({ userId: chatUsers.userId });
    return rows.length > 0;
  }

  /** A page of the chat's messages, newest page first, oldest first within the page. */
  async messagesPage(tx: TicketsTx, chatId: number, pageNumber: number | undefined) {
    const rows = await tx
      .select({ message: chatMessages, senderName: userRefs.name })
      .from(chatMessages)
      .leftJoin(userRefs, eq(userRefs.id, chatMessages.senderId))
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(newestFirst(chatMessages.id))
      .limit(PAGE_SIZES.chatMessages)
      .offset(pageOffset(pageNumber, PAGE_SIZES.chatMessages));
    const [total] = await tx.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chatId));
    const records: ChatMessageWithSender[] = rows.map((row) => ({ ...row.message, senderName: row.senderName })).reverse();
    return { rows: records, count: total?.n ?? 0 };
  }
}

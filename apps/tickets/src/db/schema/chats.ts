/** Internal chat between users of one company. */
import { index, integer, primaryKey, serial, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import { ticketsDb, companyId } from './tickets-db.js';

/** Internal chat (spec 001 "Internal chat"): a conversation between users of one company. */
export const chats = ticketsDb
  .table(
    'chats',
    {
      id: serial('id').primaryKey(),
      uuid: uuid('uuid').notNull().defaultRandom(),
      companyId: companyId(),
      title: varchar('title', { length: 255 }).notNull(),
      ownerId: integer('owner_id').notNull(),
      lastMessage: text('last_message').notNull().default(''),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('chats_uuid_unique').on(t.uuid),
      index('chats_company_updated_idx').on(t.companyId, t.updatedAt.desc(), t.id.desc()),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** A chat's members, each with their own unread count (kept in the transaction that stores a message). */
export const chatUsers = ticketsDb
  .table(
    'chat_users',
    {
      chatId: integer('chat_id')
        .notNull()
        .references(() => chats.id, { onDelete: 'cascade' }),
      userId: integer('user_id').notNull(),
      companyId: companyId(),
      unreads: integer('unreads').notNull().default(0),
      ...timestamps(),
    },
    (t) => [
      primaryKey({ columns: [t.chatId, t.userId] }),
      index('chat_users_company_user_idx').on(t.companyId, t.userId),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

export const chatMessages = ticketsDb
  .table(
    'chat_messages',
    {
      id: serial('id').primaryKey(),
      chatId: integer('chat_id')
        .notNull()
        .references(() => chats.id, { onDelete: 'cascade' }),
      companyId: companyId(),
      senderId: integer('sender_id').notNull(),
      message: text('message').notNull(),
      ...timestamps(),
    },
    (t) => [index('chat_messages_chat_idx').on(t.chatId, t.id.desc()), tenantIsolationPolicy()],
  )
  .enableRLS();

import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DATABASE } from '@atrium/service-kit';
import { typebotSessions } from '../../db/schema.js';
import type { AiDatabase } from '../../shared/ai-database.js';

export type TypebotSessionRow = typeof typebotSessions.$inferSelect;
export type TypebotChoice = { id: string; content: string };

/** The only code that touches `typebot_sessions`: one Typebot session per ticket and integration. */
@Injectable()
export class TypebotSessionsRepository {
  constructor(@Inject(DATABASE) private readonly database: AiDatabase) {}

  find(companyId: number, integrationId: number, ticketId: number): Promise<TypebotSessionRow | undefined> {
    return this.database.withTenant(companyId, async (tx) => {
      const [row] = await tx
        .select()
        .from(typebotSessions)
        .where(
          and(
            eq(typebotSessions.companyId, companyId),
            eq(typebotSessions.integrationId, integrationId),
            eq(typebotSessions.ticketId, ticketId),
          ),
        );
      return row;
    });
  }

  /** Stores the ticket's session (a new one replaces the old), its current choices and the time of the customer's message. */
  save(
    companyId: number,
    integrationId: number,
    ticketId: number,
    sessionId: string,
    choices: TypebotChoice[] | null,
    at: Date,
  ): Promise<void> {
    return this.database.withTenant(companyId, async (tx) => {
      await tx
        .insert(typebotSessions)
        .values({ companyId, integrationId, ticketId, sessionId, choices, lastMessageAt: at })
        .onConflictDoUpdate({
          target: [typebotSessions.ticketId, typebotSessions.integrationId],
          set: { sessionId, choices, lastMessageAt: at, updatedAt: new Date() },
        });
    });
  }

  remove(companyId: number, integrationId: number, ticketId: number): Promise<void> {
    return this.database.withTenant(companyId, async (tx) => {
      await tx
        .delete(typebotSessions)
        .where(
          and(
            eq(typebotSessions.companyId, companyId),
            eq(typebotSessions.integrationId, integrationId),
            eq(typebotSessions.ticketId, ticketId),
          ),
        );
    });
  }
}

DROP INDEX "tickets"."bot_replies_due_idx";--> statement-breakpoint
ALTER TABLE "tickets"."bot_replies" DROP COLUMN "due_at";
DROP INDEX "ai"."bot_turns_ticket_sequence_unique";--> statement-breakpoint
ALTER TABLE "ai"."bot_turns" ALTER COLUMN "event" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai"."bot_turns" ADD COLUMN "timer_step" integer;--> statement-breakpoint
ALTER TABLE "ai"."bot_turns" ADD COLUMN "timer" varchar(10);--> statement-breakpoint
CREATE UNIQUE INDEX "bot_turns_ticket_timer_unique" ON "ai"."bot_turns" USING btree ("company_id","ticket_id","timer_step") WHERE "ai"."bot_turns"."timer_step" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_turns_ticket_sequence_unique" ON "ai"."bot_turns" USING btree ("company_id","ticket_id","sequence") WHERE "ai"."bot_turns"."timer_step" is null;--> statement-breakpoint
ALTER TABLE "ai"."bot_turns" ADD CONSTRAINT "bot_turns_message_or_timer" CHECK (("ai"."bot_turns"."event" is null) <> ("ai"."bot_turns"."timer_step" is null));
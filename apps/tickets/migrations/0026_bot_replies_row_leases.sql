ALTER TABLE "tickets"."bot_replies" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "tickets"."bot_replies" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bot_replies_leased_until_idx" ON "tickets"."bot_replies" USING btree ("leased_until");
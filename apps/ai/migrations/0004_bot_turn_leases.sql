ALTER TABLE "ai"."bot_turns" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "ai"."bot_turns" ADD COLUMN "leased_until" timestamp with time zone;
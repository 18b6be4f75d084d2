ALTER TABLE "campaigns"."campaigns" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "campaigns"."campaigns" ADD COLUMN "leased_until" timestamp with time zone;
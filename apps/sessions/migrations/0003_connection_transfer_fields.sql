ALTER TABLE "sessions"."whatsapps" ADD COLUMN "transfer_queue_id" integer;--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "time_to_transfer" integer;--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "integration_id" integer;
DROP INDEX "sessions"."whatsapps_token_unique";--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" DROP COLUMN "token";
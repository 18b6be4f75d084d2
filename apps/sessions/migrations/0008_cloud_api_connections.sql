ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_phone_number_id" varchar(32);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_waba_id" varchar(32);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_access_token" text;--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_access_token_hint" varchar(8);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_app_secret" text;--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_verify_token" varchar(64);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_messages_per_second" integer;--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_display_phone_number" varchar(40);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_verified_name" varchar(200);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_quality_rating" varchar(20);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_messaging_limit_tier" varchar(40);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "cloud_error" varchar(500);--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_cloud_phone_number_id_unique" ON "sessions"."whatsapps" USING btree ("cloud_phone_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_cloud_verify_token_unique" ON "sessions"."whatsapps" USING btree ("cloud_verify_token");
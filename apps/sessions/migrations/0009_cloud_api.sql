CREATE TABLE "sessions"."whatsapp_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"meta_id" varchar(40) NOT NULL,
	"name" varchar(512) NOT NULL,
	"language" varchar(15) NOT NULL,
	"category" varchar(30) NOT NULL,
	"status" varchar(30) NOT NULL,
	"quality" varchar(20),
	"reason" varchar(200),
	"components" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions"."whatsapp_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
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
ALTER TABLE "sessions"."whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "sessions"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_meta_unique" ON "sessions"."whatsapp_templates" USING btree ("whatsapp_id","meta_id");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_company_idx" ON "sessions"."whatsapp_templates" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_cloud_phone_number_id_unique" ON "sessions"."whatsapps" USING btree ("cloud_phone_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_cloud_verify_token_unique" ON "sessions"."whatsapps" USING btree ("cloud_verify_token");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sessions"."whatsapp_templates" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
CREATE TABLE "campaigns"."campaign_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."campaign_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns"."campaign_shippings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"number" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254),
	"variant" smallint NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_requested_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failed_reason" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."campaign_shippings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns"."campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"message1" text,
	"message2" text,
	"message3" text,
	"message4" text,
	"message5" text,
	"confirmation_message1" text,
	"confirmation_message2" text,
	"confirmation_message3" text,
	"confirmation_message4" text,
	"confirmation_message5" text,
	"status" varchar(20) DEFAULT 'INATIVA' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"planned_at" timestamp with time zone,
	"whatsapp_id" integer,
	"contact_list_id" integer,
	"tag_list_id" integer,
	"file_list_id" integer,
	"media_path" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."campaigns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "campaigns"."campaign_shippings" ADD CONSTRAINT "campaign_shippings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_settings_company_key_uq" ON "campaigns"."campaign_settings" USING btree ("company_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_shippings_campaign_number_uq" ON "campaigns"."campaign_shippings" USING btree ("campaign_id","number");--> statement-breakpoint
CREATE INDEX "campaign_shippings_due_idx" ON "campaigns"."campaign_shippings" USING btree ("campaign_id","next_attempt_at","id") WHERE "campaigns"."campaign_shippings"."done_at" is null;--> statement-breakpoint
CREATE INDEX "campaign_shippings_number_idx" ON "campaigns"."campaign_shippings" USING btree ("company_id","number") WHERE "campaigns"."campaign_shippings"."confirmation_requested_at" is not null and "campaigns"."campaign_shippings"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns"."campaigns" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns"."campaigns" USING btree ("scheduled_at") WHERE "campaigns"."campaigns"."status" = 'PROGRAMADA';--> statement-breakpoint
CREATE INDEX "campaigns_running_idx" ON "campaigns"."campaigns" USING btree ("whatsapp_id") WHERE "campaigns"."campaigns"."status" = 'EM_ANDAMENTO';--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."campaign_settings" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."campaign_shippings" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."campaigns" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
CREATE TABLE "campaigns"."schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"user_id" integer,
	"whatsapp_id" integer,
	"body" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"error_reason" text,
	"sent_late" boolean DEFAULT false NOT NULL,
	"media_path" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."schedules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "schedules_company_send_at_idx" ON "campaigns"."schedules" USING btree ("company_id","send_at","id");--> statement-breakpoint
CREATE INDEX "schedules_contact_idx" ON "campaigns"."schedules" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "campaigns"."schedules" USING btree ("send_at") WHERE "campaigns"."schedules"."sent_at" is null and "campaigns"."schedules"."status" in ('PENDENTE', 'AGENDADA');--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."schedules" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
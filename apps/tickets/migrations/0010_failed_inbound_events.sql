CREATE TABLE "tickets"."failed_inbound_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"event_type" varchar(20) NOT NULL,
	"stream_seq" bigint NOT NULL,
	"attempts" integer NOT NULL,
	"reason" text NOT NULL,
	"event" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."failed_inbound_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "failed_inbound_events_company_idx" ON "tickets"."failed_inbound_events" USING btree ("company_id","failed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."failed_inbound_events" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
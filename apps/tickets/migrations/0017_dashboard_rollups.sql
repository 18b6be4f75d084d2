CREATE TABLE "tickets"."dashboard_calendar" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "dashboard_calendar_one_row" CHECK ("tickets"."dashboard_calendar"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tickets"."dashboard_daily" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(1) NOT NULL,
	"ref_id" integer NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"support_sum" numeric DEFAULT '0' NOT NULL,
	"support_count" integer DEFAULT 0 NOT NULL,
	"wait_sum" numeric DEFAULT '0' NOT NULL,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"first_response_sum" numeric DEFAULT '0' NOT NULL,
	"first_response_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"resolutions" integer[] DEFAULT array_fill(0, array[97]) NOT NULL,
	CONSTRAINT "dashboard_daily_company_id_day_kind_ref_id_pk" PRIMARY KEY("company_id","day","kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "tickets"."dashboard_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_timelines" ADD COLUMN "resolution_seconds" double precision GENERATED ALWAYS AS (extract(epoch from resolved_at - queued_at)::float8) STORED;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_timelines" ADD COLUMN "resolution_bucket" smallint GENERATED ALWAYS AS (case when resolved_at is not null then least(96, floor(4 * ln(1 + greatest(extract(epoch from resolved_at - queued_at)::float8, 0)) / ln(2)))::smallint end) STORED;--> statement-breakpoint
CREATE INDEX "ticket_timelines_user_resolution_period_idx" ON "tickets"."ticket_timelines" USING btree ("company_id","user_id","resolution_bucket","queued_at","resolution_seconds") WHERE resolution_bucket is not null;--> statement-breakpoint
CREATE INDEX "ticket_timelines_queue_resolution_period_idx" ON "tickets"."ticket_timelines" USING btree ("company_id","queue_id","resolution_bucket","queued_at","resolution_seconds") WHERE resolution_bucket is not null;--> statement-breakpoint
CREATE INDEX "ticket_timelines_user_resolution_idx" ON "tickets"."ticket_timelines" USING btree ("company_id","user_id","resolution_bucket","resolution_seconds","queued_at") WHERE resolution_bucket is not null;--> statement-breakpoint
CREATE INDEX "ticket_timelines_queue_resolution_idx" ON "tickets"."ticket_timelines" USING btree ("company_id","queue_id","resolution_bucket","resolution_seconds","queued_at") WHERE resolution_bucket is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."dashboard_daily" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
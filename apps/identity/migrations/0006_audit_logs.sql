CREATE TABLE "identity"."audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"user_name" varchar(100),
	"action" varchar(50) NOT NULL,
	"entity_type" varchar(30) NOT NULL,
	"entity_id" varchar(100),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"detail" varchar(300),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."audit_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_event_unique" ON "identity"."audit_logs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_created_idx" ON "identity"."audit_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "identity"."audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."audit_logs" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
CREATE TABLE "tickets"."media_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"path" varchar(500) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."media_holds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "media_holds_company_path_idx" ON "tickets"."media_holds" USING btree ("company_id","path");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."media_holds" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
CREATE TABLE "tickets"."ticket_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."ticket_texts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "ticket_texts_company_idx" ON "tickets"."ticket_texts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ticket_texts_ticket_idx" ON "tickets"."ticket_texts" USING btree ("ticket_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."ticket_texts" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));
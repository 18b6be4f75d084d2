CREATE TABLE "tickets"."bot_replies" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"to_closed" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."bot_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."bot_replies" ADD CONSTRAINT "bot_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_replies_due_idx" ON "tickets"."bot_replies" USING btree ("due_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."bot_replies" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
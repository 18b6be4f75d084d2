CREATE TABLE "tickets"."bot_act_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"step" integer NOT NULL,
	"bot" jsonb NOT NULL,
	"in_reply_to" integer NOT NULL,
	"actions" jsonb NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"leased_by" text,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."bot_act_steps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."bot_act_steps" ADD CONSTRAINT "bot_act_steps_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_act_steps_ticket_step_idx" ON "tickets"."bot_act_steps" USING btree ("ticket_id","step");--> statement-breakpoint
CREATE INDEX "bot_act_steps_leased_until_idx" ON "tickets"."bot_act_steps" USING btree ("leased_until");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."bot_act_steps" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
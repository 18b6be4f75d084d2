CREATE TABLE "tickets"."ticket_bots" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"stage" varchar(12) DEFAULT 'idle' NOT NULL,
	"option_id" integer,
	"invalid_replies" integer DEFAULT 0 NOT NULL,
	"silent_until" timestamp with time zone,
	"out_of_hours_at" timestamp with time zone,
	"bot" jsonb,
	"sequence" integer DEFAULT 0 NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."ticket_bots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."whatsapp_refs" ADD COLUMN "automation" jsonb;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_bots" ADD CONSTRAINT "ticket_bots_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."ticket_bots" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
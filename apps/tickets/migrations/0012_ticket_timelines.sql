CREATE TABLE "tickets"."ticket_timelines" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"first_of_contact" boolean DEFAULT false NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"first_reply_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"rating" smallint
);
--> statement-breakpoint
ALTER TABLE "tickets"."ticket_timelines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_timelines" ADD CONSTRAINT "ticket_timelines_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_timelines_company_queued_idx" ON "tickets"."ticket_timelines" USING btree ("company_id","queued_at","status","user_id","queue_id","accepted_at","first_reply_at","resolved_at","rating","first_of_contact");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."ticket_timelines" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
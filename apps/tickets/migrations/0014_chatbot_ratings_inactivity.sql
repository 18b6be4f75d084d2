CREATE TABLE "tickets"."user_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"rate" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."user_ratings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets"."user_ratings" ADD CONSTRAINT "user_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_ratings_company_created_idx" ON "tickets"."user_ratings" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_ratings_ticket_unique" ON "tickets"."user_ratings" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_awaiting_reply_idx" ON "tickets"."tickets" USING btree ("whatsapp_id","awaiting_reply_since") WHERE "tickets"."tickets"."status" = 'open' and "tickets"."tickets"."awaiting_reply_since" is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."user_ratings" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
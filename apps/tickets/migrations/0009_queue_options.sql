CREATE TABLE "tickets"."queue_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"parent_id" integer,
	"title" varchar(100) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"option" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."queue_options" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."queue_options" ADD CONSTRAINT "queue_options_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "tickets"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."queue_options" ADD CONSTRAINT "queue_options_parent_id_queue_options_id_fk" FOREIGN KEY ("parent_id") REFERENCES "tickets"."queue_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_options_sibling_option_unique" ON "tickets"."queue_options" USING btree ("queue_id",coalesce("parent_id", 0),"option");--> statement-breakpoint
CREATE INDEX "queue_options_parent_idx" ON "tickets"."queue_options" USING btree ("parent_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."queue_options" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
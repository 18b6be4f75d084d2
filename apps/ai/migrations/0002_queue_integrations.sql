CREATE TABLE "ai"."queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"project_name" varchar(100),
	"json_content_sealed" text,
	"language" varchar(10),
	"url_n8n" varchar(500),
	"typebot_slug" varchar(200),
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_keyword_finish" varchar(100),
	"typebot_keyword_restart" varchar(100),
	"typebot_restart_message" text,
	"typebot_unknown_message" text,
	"signing_secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai"."queue_integrations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai"."typebot_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"session_id" varchar(200) NOT NULL,
	"choices" jsonb,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai"."typebot_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ai"."typebot_sessions" ADD CONSTRAINT "typebot_sessions_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "ai"."queue_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_integrations_company_name_idx" ON "ai"."queue_integrations" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "typebot_sessions_ticket_integration_idx" ON "ai"."typebot_sessions" USING btree ("ticket_id","integration_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ai"."queue_integrations" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ai"."typebot_sessions" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
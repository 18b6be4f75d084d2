CREATE TABLE "ai"."bot_turns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"event" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai"."bot_turns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai"."prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"prompt" text NOT NULL,
	"queue_id" integer NOT NULL,
	"api_key_sealed" text NOT NULL,
	"voice_key_sealed" text,
	"voice" varchar(50) DEFAULT 'texto' NOT NULL,
	"voice_region" varchar(50) DEFAULT '' NOT NULL,
	"max_tokens" integer DEFAULT 100 NOT NULL,
	"temperature" double precision DEFAULT 1 NOT NULL,
	"max_messages" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai"."prompts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_turns_ticket_sequence_unique" ON "ai"."bot_turns" USING btree ("company_id","ticket_id","sequence");--> statement-breakpoint
CREATE INDEX "bot_turns_pending_idx" ON "ai"."bot_turns" USING btree ("company_id","ticket_id","sequence") WHERE "ai"."bot_turns"."status" = 'pending';--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ai"."bot_turns" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ai"."prompts" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
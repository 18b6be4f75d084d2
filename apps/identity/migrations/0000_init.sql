CREATE SCHEMA "identity";
--> statement-breakpoint
CREATE TABLE "identity"."announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"priority" smallint DEFAULT 3 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"media_path" varchar(500),
	"media_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254),
	"phone" varchar(30),
	"status" boolean DEFAULT true NOT NULL,
	"due_date" date,
	"recurrence" varchar(20) DEFAULT 'MENSAL' NOT NULL,
	"plan_id" integer NOT NULL,
	"document" varchar(30),
	"address_zip_code" varchar(20),
	"address_street" varchar(200),
	"address_state" varchar(50),
	"address_city" varchar(100),
	"address_district" varchar(100),
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_platform" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."companies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."helps" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"video" varchar(200) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."password_resets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"queues" integer DEFAULT 0 NOT NULL,
	"value" numeric(12, 2) DEFAULT 0 NOT NULL,
	"use_campaigns" boolean DEFAULT true NOT NULL,
	"use_schedules" boolean DEFAULT true NOT NULL,
	"use_internal_chat" boolean DEFAULT true NOT NULL,
	"use_external_api" boolean DEFAULT true NOT NULL,
	"use_kanban" boolean DEFAULT true NOT NULL,
	"use_open_ai" boolean DEFAULT true NOT NULL,
	"use_integrations" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "identity"."queue_refs" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50),
	"color" varchar(9)
);
--> statement-breakpoint
ALTER TABLE "identity"."queue_refs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."refresh_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."refresh_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key" varchar(50) NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."user_queues" (
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "user_queues_user_id_queue_id_pk" PRIMARY KEY("user_id","queue_id")
);
--> statement-breakpoint
ALTER TABLE "identity"."user_queues" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"profile" varchar(20) DEFAULT 'user' NOT NULL,
	"super" boolean DEFAULT false NOT NULL,
	"all_ticket" varchar(10) DEFAULT 'desabled' NOT NULL,
	"whatsapp_id" integer,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "identity"."companies" ADD CONSTRAINT "companies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "identity"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."refresh_sessions" ADD CONSTRAINT "refresh_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."settings" ADD CONSTRAINT "settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "identity"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."user_queues" ADD CONSTRAINT "user_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "identity"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_unique" ON "identity"."companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "identity"."password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "queue_refs_company_idx" ON "identity"."queue_refs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "refresh_sessions_user_idx" ON "identity"."refresh_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settings_company_key_unique" ON "identity"."settings" USING btree ("company_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "identity"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "identity"."users" USING btree ("company_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."companies" AS PERMISSIVE FOR ALL TO public USING ((id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."password_resets" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."queue_refs" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."refresh_sessions" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."settings" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."user_queues" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."users" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));
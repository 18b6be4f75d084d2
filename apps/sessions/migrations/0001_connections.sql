CREATE TABLE "sessions"."auth_keys" (
	"whatsapp_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"category" varchar(64) NOT NULL,
	"key_id" varchar(255) NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_keys_whatsapp_id_category_key_id_pk" PRIMARY KEY("whatsapp_id","category","key_id")
);
--> statement-breakpoint
ALTER TABLE "sessions"."auth_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sessions"."session_leases" (
	"whatsapp_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner" varchar(200),
	"expires_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions"."session_leases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sessions"."whatsapp_queues" (
	"whatsapp_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "whatsapp_queues_whatsapp_id_queue_id_pk" PRIMARY KEY("whatsapp_id","queue_id")
);
--> statement-breakpoint
ALTER TABLE "sessions"."whatsapp_queues" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sessions"."whatsapps" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"provider" varchar(20) DEFAULT 'beta' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" varchar(20) DEFAULT 'DISCONNECTED' NOT NULL,
	"qrcode" text DEFAULT '' NOT NULL,
	"pairing_code" varchar(16) DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"number" varchar(20),
	"greeting_message" text DEFAULT '' NOT NULL,
	"complation_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"rating_message" text DEFAULT '' NOT NULL,
	"prompt_id" integer,
	"expires_ticket" integer DEFAULT 0 NOT NULL,
	"expires_inactive_message" text DEFAULT '' NOT NULL,
	"time_use_bot_queues" integer DEFAULT 0 NOT NULL,
	"max_use_bot_queues" integer DEFAULT 3 NOT NULL,
	"token" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sessions"."auth_keys" ADD CONSTRAINT "auth_keys_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "sessions"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions"."session_leases" ADD CONSTRAINT "session_leases_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "sessions"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions"."whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "sessions"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_leases_owner_idx" ON "sessions"."session_leases" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "session_leases_expires_idx" ON "sessions"."session_leases" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "whatsapps_company_idx" ON "sessions"."whatsapps" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_token_unique" ON "sessions"."whatsapps" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_one_default_per_company" ON "sessions"."whatsapps" USING btree ("company_id") WHERE "sessions"."whatsapps"."is_default";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sessions"."auth_keys" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sessions"."session_leases" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sessions"."whatsapp_queues" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sessions"."whatsapps" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));
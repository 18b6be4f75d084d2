CREATE TABLE "tickets"."contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"number" varchar(60),
	"lid" varchar(60),
	"email" varchar(254) DEFAULT '' NOT NULL,
	"profile_pic_url" text DEFAULT '' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"extra_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whatsapp_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"whatsapp_id" integer,
	"wid" varchar(160),
	"body" text DEFAULT '' NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"media_type" varchar(20) DEFAULT 'chat' NOT NULL,
	"media_path" varchar(500),
	"media_name" varchar(255),
	"quoted_msg_id" integer,
	"ack" smallint DEFAULT 0 NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"color" varchar(9) NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"order_queue" integer,
	"integration_id" integer,
	"prompt_id" integer,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."queues" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."quick_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"shortcode" varchar(100) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"geral" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"media_path" varchar(500),
	"media_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."quick_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"color" varchar(9) NOT NULL,
	"kanban" smallint DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."ticket_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"note" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."ticket_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."ticket_tags" (
	"ticket_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_tags_ticket_id_tag_id_pk" PRIMARY KEY("ticket_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "tickets"."ticket_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"contact_id" integer NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"whatsapp_id" integer,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"chatbot" boolean DEFAULT false NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"use_integration" boolean DEFAULT false NOT NULL,
	"prompt_id" integer,
	"integration_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."user_refs" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."user_refs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets"."whatsapp_refs" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"status" varchar(20) DEFAULT 'DISCONNECTED' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"queue_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."whatsapp_refs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "tickets"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."messages" ADD CONSTRAINT "messages_quoted_msg_id_messages_id_fk" FOREIGN KEY ("quoted_msg_id") REFERENCES "tickets"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_notes" ADD CONSTRAINT "ticket_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "tickets"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_tags" ADD CONSTRAINT "ticket_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "tickets"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "tickets"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD CONSTRAINT "tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "tickets"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_number_unique" ON "tickets"."contacts" USING btree ("company_id","number") WHERE "tickets"."contacts"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_lid_unique" ON "tickets"."contacts" USING btree ("company_id","lid") WHERE "tickets"."contacts"."lid" is not null;--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "tickets"."contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_company_whatsapp_wid_unique" ON "tickets"."messages" USING btree ("company_id","whatsapp_id","wid");--> statement-breakpoint
CREATE INDEX "messages_ticket_created_idx" ON "tickets"."messages" USING btree ("ticket_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_media_path_idx" ON "tickets"."messages" USING btree ("media_path") WHERE "tickets"."messages"."media_path" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_unique" ON "tickets"."queues" USING btree ("company_id",lower("color"));--> statement-breakpoint
CREATE INDEX "quick_messages_company_idx" ON "tickets"."quick_messages" USING btree ("company_id","shortcode");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_company_name_unique" ON "tickets"."tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "tickets"."ticket_notes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_notes_contact_idx" ON "tickets"."ticket_notes" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "ticket_tags_tag_idx" ON "tickets"."ticket_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_uuid_unique" ON "tickets"."tickets" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_contact" ON "tickets"."tickets" USING btree ("company_id","contact_id",coalesce("whatsapp_id", 0)) WHERE "tickets"."tickets"."status" in ('open', 'pending');--> statement-breakpoint
CREATE INDEX "tickets_company_updated_idx" ON "tickets"."tickets" USING btree ("company_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets"."tickets" USING btree ("company_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_contact_idx" ON "tickets"."tickets" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "user_refs_company_idx" ON "tickets"."user_refs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "whatsapp_refs_company_idx" ON "tickets"."whatsapp_refs" USING btree ("company_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."contacts" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."messages" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."queues" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."quick_messages" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."tags" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."ticket_notes" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."ticket_tags" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."tickets" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."user_refs" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."whatsapp_refs" AS PERMISSIVE FOR ALL TO public USING ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system')) WITH CHECK ((company_id = nullif(current_setting('app.company_id', true), '')::integer OR current_setting('app.scope', true) = 'system'));
CREATE TABLE "campaigns"."contact_list_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_list_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"state" varchar(20) DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"next_line" integer DEFAULT 2 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."contact_list_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns"."contact_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_list_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"number" varchar(50) NOT NULL,
	"email" varchar(254),
	"is_whatsapp_valid" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."contact_list_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns"."contact_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."contact_lists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns"."file_list_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_list_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"path" text,
	"file_name" text,
	"media_type" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."file_list_options" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns"."file_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."file_lists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "campaigns"."contact_list_imports" ADD CONSTRAINT "contact_list_imports_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "campaigns"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns"."contact_list_items" ADD CONSTRAINT "contact_list_items_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "campaigns"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns"."file_list_options" ADD CONSTRAINT "file_list_options_file_list_id_file_lists_id_fk" FOREIGN KEY ("file_list_id") REFERENCES "campaigns"."file_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_list_imports_list_idx" ON "campaigns"."contact_list_imports" USING btree ("company_id","contact_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_list_items_list_number_uq" ON "campaigns"."contact_list_items" USING btree ("contact_list_id","number");--> statement-breakpoint
CREATE INDEX "contact_list_items_company_list_name_idx" ON "campaigns"."contact_list_items" USING btree ("company_id","contact_list_id","name","id");--> statement-breakpoint
CREATE INDEX "contact_list_items_unchecked_idx" ON "campaigns"."contact_list_items" USING btree ("contact_list_id","id") WHERE "campaigns"."contact_list_items"."checked_at" is null;--> statement-breakpoint
CREATE INDEX "contact_lists_company_name_idx" ON "campaigns"."contact_lists" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "file_list_options_list_idx" ON "campaigns"."file_list_options" USING btree ("file_list_id","id");--> statement-breakpoint
CREATE INDEX "file_lists_company_name_idx" ON "campaigns"."file_lists" USING btree ("company_id","name");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."contact_list_imports" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."contact_list_items" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."contact_lists" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."file_list_options" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "campaigns"."file_lists" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
CREATE TABLE "identity"."profile_permissions" (
	"company_id" integer NOT NULL,
	"profile" varchar(20) NOT NULL,
	"actions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_permissions_company_id_profile_pk" PRIMARY KEY("company_id","profile")
);
--> statement-breakpoint
ALTER TABLE "identity"."profile_permissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "identity"."profile_permissions" ADD CONSTRAINT "profile_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "identity"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."profile_permissions" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
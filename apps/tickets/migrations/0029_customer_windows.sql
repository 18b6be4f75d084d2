CREATE TABLE "tickets"."customer_windows" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"last_customer_message_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_windows_company_id_whatsapp_id_contact_id_pk" PRIMARY KEY("company_id","whatsapp_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "tickets"."customer_windows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tickets"."whatsapp_refs" ADD COLUMN "provider" varchar(20) DEFAULT 'beta' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."customer_windows" ADD CONSTRAINT "customer_windows_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "tickets"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets"."customer_windows" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
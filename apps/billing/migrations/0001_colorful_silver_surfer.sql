CREATE TABLE "billing"."invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"detail" varchar(100) NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"due_date" date NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_intent_id" varchar(100),
	"renewed_at" timestamp with time zone,
	"refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_company_due_date_unique" UNIQUE("company_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "billing"."invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing"."payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"payment_intent_id" varchar(100) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(40) NOT NULL,
	"pix_code" text,
	"pix_image_url" text,
	"expires_at" timestamp with time zone,
	"amount_received_cents" bigint,
	"fee_cents" bigint,
	"net_cents" bigint,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"last_error" varchar(300),
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_invoice_attempt_unique" UNIQUE("invoice_id","attempt")
);
--> statement-breakpoint
ALTER TABLE "billing"."payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing"."processed_stripe_events" (
	"event_id" varchar(100) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."reconciliation_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"payment_intent_id" varchar(100) NOT NULL,
	"invoice_id" integer,
	"company_id" integer,
	"amount_cents" bigint,
	"detail" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_exceptions_intent_kind_unique" UNIQUE("payment_intent_id","kind")
);
--> statement-breakpoint
ALTER TABLE "billing"."payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "billing"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "billing"."invoices" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_unique" ON "billing"."payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "billing"."invoices" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "billing"."payments" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
CREATE TABLE "identity"."user_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."user_recovery_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "two_factor_last_step" integer;--> statement-breakpoint
ALTER TABLE "identity"."user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_recovery_codes_user_idx" ON "identity"."user_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity"."user_recovery_codes" AS PERMISSIVE FOR ALL TO public USING ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system')) WITH CHECK ((company_id = (select nullif(current_setting('app.company_id', true), '')::integer) OR (select current_setting('app.scope', true)) = 'system'));
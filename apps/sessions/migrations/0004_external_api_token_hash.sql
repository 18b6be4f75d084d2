ALTER TABLE "sessions"."whatsapps" ADD COLUMN "token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "sessions"."whatsapps" ADD COLUMN "token_hint" varchar(8);--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_token_hash_unique" ON "sessions"."whatsapps" USING btree ("token_hash");--> statement-breakpoint
-- tokens typed in before: kept working, stored as their hash from now on
UPDATE "sessions"."whatsapps" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex'), "token_hint" = right("token", 4) WHERE "token" IS NOT NULL;

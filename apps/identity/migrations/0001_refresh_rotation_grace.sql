ALTER TABLE "identity"."refresh_sessions" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "identity"."refresh_sessions" ADD COLUMN "rotated_at" timestamp with time zone;
ALTER TABLE "tickets"."queues" ADD COLUMN "flow_id" integer;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_bots" ADD COLUMN "act_step" integer DEFAULT 0 NOT NULL;
DROP INDEX "ai"."flow_node_stats_node_unique";--> statement-breakpoint
ALTER TABLE "ai"."flow_node_stats" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_node_stats_node_unique" ON "ai"."flow_node_stats" USING btree ("company_id","flow_id","version","node_id","stripe");
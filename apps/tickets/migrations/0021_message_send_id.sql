ALTER TABLE "tickets"."bot_replies" ADD COLUMN "seq" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."messages" ADD COLUMN "send_id" varchar(40);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_company_whatsapp_send_id_unique" ON "tickets"."messages" USING btree ("company_id","whatsapp_id","send_id");
ALTER TABLE "logs" ADD COLUMN "delivery_key" uuid;--> statement-breakpoint
CREATE INDEX "commands_waiting_idx" ON "commands" USING btree ("sent_at") WHERE "commands"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "logs_delivery_key_idx" ON "logs" USING btree ("delivery_key") WHERE "logs"."delivery_key" IS NOT NULL;
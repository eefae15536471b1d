ALTER TABLE "update_records" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "update_records" ADD COLUMN "busy_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "update_records_retry_idx" ON "update_records" USING btree ("retry_at");
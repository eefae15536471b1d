ALTER TABLE "update_files" ADD COLUMN "signature" varchar(128);--> statement-breakpoint
ALTER TABLE "update_records" ADD COLUMN "downloaded_by" varchar(64);--> statement-breakpoint
ALTER TABLE "update_records" ADD COLUMN "downloaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "update_records" ADD COLUMN "verified_at" timestamp with time zone;
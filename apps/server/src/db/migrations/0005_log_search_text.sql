-- Free text in both languages (docs/decisions.md, "Free text in both languages"). Adding a nullable
-- column rewrites nothing; the index over a column that is null everywhere is one pass over the table.
-- Records written before this have their search_text filled by the server in the background,
-- newest first, in small batches (modules/logs/search-backfill.ts), from the id recorded here.
CREATE TABLE "log_search_backfill" (
	"below_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "logs_search_text_trgm_idx" ON "logs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "log_search_backfill" ("below_id") SELECT max("id") + 1 FROM "logs" HAVING max("id") IS NOT NULL;

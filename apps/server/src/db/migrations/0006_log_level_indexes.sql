-- A level's records over days, every robot's or one track's, newest first, read from the index alone
-- (docs/benchmarks.md, "Logs"). On a table of millions of records each index takes a minute or so to
-- build at the first start after the upgrade.
DROP INDEX "logs_track_level_time_idx";--> statement-breakpoint
CREATE INDEX "logs_level_time_idx" ON "logs" USING btree ("level","time","id");--> statement-breakpoint
CREATE INDEX "logs_track_level_time_idx" ON "logs" USING btree ("track_id","level","time","id");
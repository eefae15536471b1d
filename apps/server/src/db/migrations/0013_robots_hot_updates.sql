DROP INDEX "robots_connection_last_update_idx";--> statement-breakpoint
CREATE INDEX "robots_connection_idx" ON "robots" USING btree ("connection");
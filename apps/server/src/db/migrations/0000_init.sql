CREATE TABLE "audit_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(32) NOT NULL,
	"username" varchar(64),
	"target" varchar(255) NOT NULL,
	"description" text NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"result" varchar(16) NOT NULL,
	"request_data" jsonb,
	"response_data" jsonb,
	"error_message" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"affected_rows" integer DEFAULT 0 NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"target" varchar(80) NOT NULL,
	"command" varchar(32) NOT NULL,
	"args" jsonb,
	"status" varchar(16) NOT NULL,
	"error" varchar(500),
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"username" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_types" (
	"type" varchar(64) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"source" varchar(16) NOT NULL,
	"type" varchar(64) NOT NULL,
	"track_id" integer,
	"track_name" varchar(128),
	"robot_sn" varchar(64),
	"robot_name" varchar(64),
	"message" text NOT NULL,
	"level" varchar(16) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_configs" (
	"sn" varchar(64) PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"reported_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robots" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(64) NOT NULL,
	"console_name" varchar(64),
	"reported_name" varchar(64),
	"last_track_name" varchar(128),
	"track_id" integer,
	"point" integer,
	"connection" varchar(16) NOT NULL,
	"battery" double precision NOT NULL,
	"state" varchar(16) NOT NULL,
	"health" varchar(16) NOT NULL,
	"alarms" jsonb NOT NULL,
	"firmware" varchar(64),
	"ip" varchar(64),
	"last_update" timestamp (3) with time zone NOT NULL,
	"registered_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"mac" varchar(17) NOT NULL,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"status_code" smallint NOT NULL,
	"error_code" smallint NOT NULL,
	"mode" varchar(16) NOT NULL,
	"robots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"type" varchar(32) NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"table_number_play" boolean DEFAULT false NOT NULL,
	"display_mode" varchar(16) DEFAULT 'grid' NOT NULL,
	"status_code" smallint DEFAULT 0 NOT NULL,
	"error_code" smallint DEFAULT 0 NOT NULL,
	"mode" varchar(16) DEFAULT 'normal' NOT NULL,
	"robots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_at" timestamp (3) with time zone,
	"session_id" integer,
	"map" jsonb,
	"map_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"nickname" varchar(64),
	"password_hash" varchar(255) NOT NULL,
	"permission" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "track_status_changes" ADD CONSTRAINT "track_status_changes_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_records_time_idx" ON "audit_records" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "audit_records_type_time_idx" ON "audit_records" USING btree ("type","time","id");--> statement-breakpoint
CREATE INDEX "audit_records_result_time_idx" ON "audit_records" USING btree ("result","time","id");--> statement-breakpoint
CREATE INDEX "audit_records_username_time_idx" ON "audit_records" USING btree (lower("username"),"time","id");--> statement-breakpoint
CREATE INDEX "audit_records_target_trgm_idx" ON "audit_records" USING gin ("target" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_records_search_trgm_idx" ON "audit_records" USING gin ((coalesce("username", '') || ' ' || "target" || ' ' || "description" || ' ' || coalesce("error_message", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "commands_target_sent_idx" ON "commands" USING btree ("target","sent_at");--> statement-breakpoint
CREATE INDEX "logs_time_id_idx" ON "logs" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "logs_robot_time_idx" ON "logs" USING btree ("robot_sn","time");--> statement-breakpoint
CREATE INDEX "logs_track_time_idx" ON "logs" USING btree ("track_id","time");--> statement-breakpoint
CREATE INDEX "logs_track_level_time_idx" ON "logs" USING btree ("track_id","level","time");--> statement-breakpoint
CREATE INDEX "logs_message_trgm_idx" ON "logs" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "robots_sn_idx" ON "robots" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "robots_connection_last_update_idx" ON "robots" USING btree ("connection","last_update");--> statement-breakpoint
CREATE INDEX "robots_track_idx" ON "robots" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "robots_search_trgm_idx" ON "robots" USING gin (("sn" || ' ' || coalesce("console_name", '') || ' ' || coalesce("reported_name", '') || ' ' || coalesce("last_track_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_code_lower_idx" ON "sessions" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_mac_idx" ON "sessions" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "track_status_changes_track_at_idx" ON "track_status_changes" USING btree ("track_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_name_lower_idx" ON "tracks" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tracks_session_idx" ON "tracks" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));
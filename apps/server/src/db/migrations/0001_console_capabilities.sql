CREATE TABLE "audio_clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"table_side" varchar(8),
	"format" varchar(8) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_versions" (
	"username" varchar(80) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"session_code" varchar(32) NOT NULL,
	"version" varchar(32) NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" varchar(128) NOT NULL,
	"version" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"version" varchar(16) NOT NULL,
	"device_serial" varchar(64) NOT NULL,
	"status" varchar(20) NOT NULL,
	"failure_reason" varchar(500),
	"file_id" integer NOT NULL,
	"verification_code" varchar(16) NOT NULL,
	"rollout_id" integer,
	"rollout_group" varchar(8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"scope" jsonb NOT NULL,
	"first_group_size" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"stopped_sn" varchar(64),
	"stopped_reason" varchar(500),
	"username" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "device_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "sender" varchar(128);--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "map_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "map_published_version" integer;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "map_live_version" integer;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "map_live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_clips" ADD CONSTRAINT "audio_clips_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_records" ADD CONSTRAINT "update_records_file_id_update_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."update_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_records" ADD CONSTRAINT "update_records_rollout_id_update_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."update_rollouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_rollouts" ADD CONSTRAINT "update_rollouts_file_id_update_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."update_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audio_clips_track_kind_name_idx" ON "audio_clips" USING btree ("track_id","kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "update_files_filename_idx" ON "update_files" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "update_records_updated_idx" ON "update_records" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "update_records_file_idx" ON "update_records" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "update_records_rollout_idx" ON "update_records" USING btree ("rollout_id");
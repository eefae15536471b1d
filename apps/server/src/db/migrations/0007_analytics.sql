CREATE TABLE "analytics_delivery_hours" (
	"sn" varchar(64) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"track_id" integer NOT NULL,
	"target" integer NOT NULL,
	"delivered" integer NOT NULL,
	"delivery_ms" double precision NOT NULL,
	"dwell_ms" double precision NOT NULL,
	"dwells" integer NOT NULL,
	"aborted_new_target" integer NOT NULL,
	"aborted_alarm" integer NOT NULL,
	"aborted_offline" integer NOT NULL,
	"aborted_other" integer NOT NULL,
	CONSTRAINT "analytics_delivery_hours_sn_hour_track_id_target_pk" PRIMARY KEY("sn","hour","track_id","target")
);
--> statement-breakpoint
CREATE TABLE "analytics_robot_changes" (
	"sn" varchar(64) NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"online" smallint NOT NULL,
	"state" varchar(16) NOT NULL,
	"track_id" integer,
	"point" integer,
	"target" integer,
	"alarms" jsonb NOT NULL,
	CONSTRAINT "analytics_robot_changes_sn_at_pk" PRIMARY KEY("sn","at")
);
--> statement-breakpoint
CREATE TABLE "analytics_robot_hours" (
	"sn" varchar(64) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"track_id" integer NOT NULL,
	"online_ms" integer NOT NULL,
	"busy_ms" integer NOT NULL,
	"idle_ms" integer NOT NULL,
	"charging_ms" integer NOT NULL,
	"sleep_ms" integer NOT NULL,
	"alarm_ms" integer NOT NULL,
	"other_ms" integer NOT NULL,
	"available_ms" integer NOT NULL,
	"distance" double precision NOT NULL,
	"unknown_points" integer NOT NULL,
	"charge_cycles" integer NOT NULL,
	CONSTRAINT "analytics_robot_hours_sn_hour_track_id_pk" PRIMARY KEY("sn","hour","track_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_delivery_hours_hour_idx" ON "analytics_delivery_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "analytics_delivery_hours_track_hour_idx" ON "analytics_delivery_hours" USING btree ("track_id","hour");--> statement-breakpoint
CREATE INDEX "analytics_robot_changes_at_idx" ON "analytics_robot_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_robot_hours_hour_idx" ON "analytics_robot_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "analytics_robot_hours_track_hour_idx" ON "analytics_robot_hours" USING btree ("track_id","hour");
CREATE TABLE "analytics_robot_days" (
	"sn" varchar(64) NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"track_id" integer NOT NULL,
	"online_ms" bigint NOT NULL,
	"busy_ms" bigint NOT NULL,
	"idle_ms" bigint NOT NULL,
	"charging_ms" bigint NOT NULL,
	"sleep_ms" bigint NOT NULL,
	"alarm_ms" bigint NOT NULL,
	"other_ms" bigint NOT NULL,
	"available_ms" bigint NOT NULL,
	CONSTRAINT "analytics_robot_days_sn_day_track_id_pk" PRIMARY KEY("sn","day","track_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_target_days" (
	"track_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"target" integer NOT NULL,
	"delivered" integer NOT NULL,
	"delivery_ms" double precision NOT NULL,
	"aborted" integer NOT NULL,
	CONSTRAINT "analytics_target_days_track_id_day_target_pk" PRIMARY KEY("track_id","day","target")
);
--> statement-breakpoint
CREATE TABLE "analytics_track_delivery_hours" (
	"track_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"delivered" integer NOT NULL,
	"delivery_ms" double precision NOT NULL,
	"dwell_ms" double precision NOT NULL,
	"dwells" integer NOT NULL,
	"aborted_new_target" integer NOT NULL,
	"aborted_alarm" integer NOT NULL,
	"aborted_offline" integer NOT NULL,
	"aborted_other" integer NOT NULL,
	CONSTRAINT "analytics_track_delivery_hours_track_id_hour_pk" PRIMARY KEY("track_id","hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_track_hours" (
	"track_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"online_ms" bigint NOT NULL,
	"busy_ms" bigint NOT NULL,
	"idle_ms" bigint NOT NULL,
	"charging_ms" bigint NOT NULL,
	"sleep_ms" bigint NOT NULL,
	"alarm_ms" bigint NOT NULL,
	"other_ms" bigint NOT NULL,
	"available_ms" bigint NOT NULL,
	"distance" double precision NOT NULL,
	"unknown_points" integer NOT NULL,
	"charge_cycles" integer NOT NULL,
	CONSTRAINT "analytics_track_hours_track_id_hour_pk" PRIMARY KEY("track_id","hour")
);
--> statement-breakpoint
CREATE INDEX "analytics_robot_days_day_idx" ON "analytics_robot_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_robot_days_track_day_idx" ON "analytics_robot_days" USING btree ("track_id","day");--> statement-breakpoint
CREATE INDEX "analytics_target_days_day_idx" ON "analytics_target_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_track_delivery_hours_hour_idx" ON "analytics_track_delivery_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "analytics_track_hours_hour_idx" ON "analytics_track_hours" USING btree ("hour");--> statement-breakpoint
INSERT INTO "analytics_track_hours" ("track_id", "hour", "online_ms", "busy_ms", "idle_ms", "charging_ms", "sleep_ms", "alarm_ms", "other_ms", "available_ms", "distance", "unknown_points", "charge_cycles")
SELECT "track_id", "hour", sum("online_ms"), sum("busy_ms"), sum("idle_ms"), sum("charging_ms"), sum("sleep_ms"), sum("alarm_ms"), sum("other_ms"), sum("available_ms"), sum("distance"), sum("unknown_points"), sum("charge_cycles")
FROM "analytics_robot_hours" GROUP BY "track_id", "hour";--> statement-breakpoint
INSERT INTO "analytics_track_delivery_hours" ("track_id", "hour", "delivered", "delivery_ms", "dwell_ms", "dwells", "aborted_new_target", "aborted_alarm", "aborted_offline", "aborted_other")
SELECT "track_id", "hour", sum("delivered"), sum("delivery_ms"), sum("dwell_ms"), sum("dwells"), sum("aborted_new_target"), sum("aborted_alarm"), sum("aborted_offline"), sum("aborted_other")
FROM "analytics_delivery_hours" GROUP BY "track_id", "hour";--> statement-breakpoint
INSERT INTO "analytics_robot_days" ("sn", "day", "track_id", "online_ms", "busy_ms", "idle_ms", "charging_ms", "sleep_ms", "alarm_ms", "other_ms", "available_ms")
SELECT "sn", date_bin('1 day', "hour", timestamptz '2000-01-01 00:00:00+00'), "track_id", sum("online_ms"), sum("busy_ms"), sum("idle_ms"), sum("charging_ms"), sum("sleep_ms"), sum("alarm_ms"), sum("other_ms"), sum("available_ms")
FROM "analytics_robot_hours" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "analytics_target_days" ("track_id", "day", "target", "delivered", "delivery_ms", "aborted")
SELECT "track_id", date_bin('1 day', "hour", timestamptz '2000-01-01 00:00:00+00'), "target", sum("delivered"), sum("delivery_ms"), sum("aborted_new_target" + "aborted_alarm" + "aborted_offline" + "aborted_other")
FROM "analytics_delivery_hours" GROUP BY 1, 2, 3;

CREATE TABLE "alarm_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"kind" varchar(24) NOT NULL,
	"username" varchar(64),
	"text" text,
	"count" integer,
	"assignee_id" integer,
	"cleared_by" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"robot_sn" varchar(64) NOT NULL,
	"track_id" integer,
	"code" varchar(64) NOT NULL,
	"severity" varchar(16) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"acknowledged_by" varchar(64),
	"acknowledged_at" timestamp (3) with time zone,
	"assignee_id" integer,
	"raised_at" timestamp (3) with time zone NOT NULL,
	"last_raised_at" timestamp (3) with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"cleared_at" timestamp (3) with time zone,
	"cleared_by" varchar(16),
	"suppressed" boolean DEFAULT false NOT NULL,
	"flapping" boolean DEFAULT false NOT NULL,
	"reset_command_id" varchar(64),
	"reset_acknowledged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_events_alarm_idx" ON "alarm_events" USING btree ("alarm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_active_robot_code_idx" ON "alarms" USING btree ("robot_sn","code") WHERE "alarms"."active";--> statement-breakpoint
CREATE INDEX "alarms_raised_id_idx" ON "alarms" USING btree ("raised_at","id");--> statement-breakpoint
CREATE INDEX "alarms_robot_raised_idx" ON "alarms" USING btree ("robot_sn","raised_at");--> statement-breakpoint
CREATE INDEX "alarms_track_raised_idx" ON "alarms" USING btree ("track_id","raised_at");--> statement-breakpoint
CREATE INDEX "alarms_open_severity_idx" ON "alarms" USING btree ("severity") WHERE "alarms"."active" AND NOT "alarms"."acknowledged";
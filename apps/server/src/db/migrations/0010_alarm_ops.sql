CREATE TABLE "alarm_incident_members" (
	"incident_id" bigint NOT NULL,
	"alarm_id" bigint NOT NULL,
	"robot_sn" varchar(64) NOT NULL,
	"point" integer,
	CONSTRAINT "alarm_incident_members_incident_id_alarm_id_pk" PRIMARY KEY("incident_id","alarm_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_incidents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"last_raised_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "alarm_maintenance" (
	"id" serial PRIMARY KEY NOT NULL,
	"robot_sn" varchar(64),
	"track_id" integer,
	"until" timestamp (3) with time zone NOT NULL,
	"reason" varchar(200),
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"ended_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "maintenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_incident_members" ADD CONSTRAINT "alarm_incident_members_incident_id_alarm_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."alarm_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_incident_members" ADD CONSTRAINT "alarm_incident_members_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_incident_members_alarm_idx" ON "alarm_incident_members" USING btree ("alarm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_incidents_active_track_code_idx" ON "alarm_incidents" USING btree ("track_id","code") WHERE "alarm_incidents"."active";--> statement-breakpoint
CREATE INDEX "alarm_incidents_opened_idx" ON "alarm_incidents" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "alarm_maintenance_open_idx" ON "alarm_maintenance" USING btree ("until") WHERE "alarm_maintenance"."ended_at" IS NULL;
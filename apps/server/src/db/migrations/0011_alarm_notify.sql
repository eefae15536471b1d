CREATE TABLE "alarm_event_cursor" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"delivery_id" bigint NOT NULL,
	"event" varchar(16) NOT NULL,
	"alarm_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"error" varchar(32),
	"duration_ms" integer NOT NULL,
	"will_retry" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"event" varchar(16) NOT NULL,
	"alarm_id" bigint NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(2048) NOT NULL,
	"secret" varchar(256) NOT NULL,
	"severities" jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "escalated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "renotified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "alarm_webhook_attempts" ADD CONSTRAINT "alarm_webhook_attempts_webhook_id_alarm_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."alarm_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_webhook_deliveries" ADD CONSTRAINT "alarm_webhook_deliveries_webhook_id_alarm_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."alarm_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_webhook_attempts_webhook_idx" ON "alarm_webhook_attempts" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "alarm_webhook_deliveries_due_idx" ON "alarm_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alarms_active_acked_idx" ON "alarms" USING btree ("acknowledged_at") WHERE "alarms"."active" AND "alarms"."acknowledged";
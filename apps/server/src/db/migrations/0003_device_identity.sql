CREATE TABLE "device_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"identity" varchar(64) NOT NULL,
	"state" varchar(24) NOT NULL,
	"secret_hash" varchar(64),
	"pending_hash" varchar(64),
	"pending_until" timestamp (3) with time zone,
	"enrollment_key_id" integer,
	"enrolled_at" timestamp (3) with time zone,
	"last_sign_in_at" timestamp (3) with time zone,
	"last_sign_in_kind" varchar(16),
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"shared_key_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"uses_left" integer NOT NULL,
	"serials" jsonb,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "enrollment_keys" ADD CONSTRAINT "enrollment_keys_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_credentials_identity_idx" ON "device_credentials" USING btree ("kind","identity");--> statement-breakpoint
CREATE INDEX "device_credentials_state_idx" ON "device_credentials" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_keys_hash_idx" ON "enrollment_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "enrollment_keys_session_idx" ON "enrollment_keys" USING btree ("session_id");
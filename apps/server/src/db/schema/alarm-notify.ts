import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** The alarm center's settings by key (modules/alarms/settings.ts): `severity_overrides`, `escalation`. */
export const alarmSettings = pgTable('alarm_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
});

/** Where the webhooks' reader of the alarms' timelines stands (modules/alarms/webhook-outbox.ts). */
export const alarmEventCursor = pgTable('alarm_event_cursor', {
  name: varchar('name', { length: 32 }).primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});

/** The webhooks an administrator added; the secret is never answered. */
export const alarmWebhooks = pgTable('alarm_webhooks', {
  id: serial('id').primaryKey(),
  url: varchar('url', { length: 2048 }).notNull(),
  secret: varchar('secret', { length: 256 }).notNull(),
  severities: jsonb('severities').$type<string[]>().notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  createdBy: varchar('created_by', { length: 64 }),
});

/** One event for one webhook, until delivered or given up (the queue every instance takes from). */
export const alarmWebhookDeliveries = pgTable(
  'alarm_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => alarmWebhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 16 }).notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    /** The event and the alarm as they were (JSON); every attempt sends the same bytes (webhook-outbox.ts, deliveryBody). */
    body: text('body').notNull(),
    /** `pending`, `delivered` or `failed`. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('alarm_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

/** The delivery log: every attempt, kept up to a bound per webhook. */
export const alarmWebhookAttempts = pgTable(
  'alarm_webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => alarmWebhooks.id, { onDelete: 'cascade' }),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    event: varchar('event', { length: 16 }).notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: varchar('error', { length: 32 }),
    durationMs: integer('duration_ms').notNull(),
    willRetry: boolean('will_retry').notNull().default(false),
  },
  (t) => [index('alarm_webhook_attempts_webhook_idx').on(t.webhookId, t.id)],
);

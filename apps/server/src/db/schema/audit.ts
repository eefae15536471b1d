import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The audit log (DESIGN section 5): written in batches by the audit hook, read by /audit. */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    type: varchar('type', { length: 32 }).notNull(),
    username: varchar('username', { length: 64 }),
    target: varchar('target', { length: 255 }).notNull(),
    description: text('description').notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    result: varchar('result', { length: 16 }).notNull(),
    requestData: jsonb('request_data'),
    responseData: jsonb('response_data'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms').notNull().default(0),
    affectedRows: integer('affected_rows').notNull().default(0),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
  },
  (t) => [
    // Newest-first paging, keyset export and cleanup walk (time, id); ascending b-trees are read
    // backwards for `ORDER BY time DESC, id DESC` (a DESC NULLS LAST index would not match it).
    index('audit_records_time_idx').on(t.time, t.id),
    index('audit_records_type_time_idx').on(t.type, t.time, t.id),
    index('audit_records_result_time_idx').on(t.result, t.time, t.id),
    index('audit_records_username_time_idx').on(sql`lower(${t.username})`, t.time, t.id),
    index('audit_records_target_trgm_idx').using('gin', t.target.op('gin_trgm_ops')),
    // Free text (`q`) searches one expression; the query repeats it exactly so the index applies.
    index('audit_records_search_trgm_idx').using('gin', sql`${auditSearchText(t)} gin_trgm_ops`),
  ],
);

/** The text `q` matches: who, what, the description and the error. */
export function auditSearchText(t: { username: unknown; target: unknown; description: unknown; errorMessage: unknown }) {
  return sql`(coalesce(${t.username}, '') || ' ' || ${t.target} || ' ' || ${t.description} || ' ' || coalesce(${t.errorMessage}, ''))`;
}

import type { AuditFilters } from '@railserve/protocol';
import { and, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { auditRecords, auditSearchText } from '../../db/schema/audit.ts';
import { likeContains } from '../../lib/sql.ts';

/** The WHERE clause shared by the list, the statistics and the export. */
export function auditWhere(filters: AuditFilters): SQL | undefined {
  const t = auditRecords;
  const parts: SQL[] = [];
  if (filters.type) parts.push(eq(t.type, filters.type));
  if (filters.result) parts.push(eq(t.result, filters.result));
  if (filters.username) parts.push(sql`lower(${t.username}) = lower(${filters.username})`);
  if (filters.target) parts.push(ilike(t.target, likeContains(filters.target)));
  if (filters.q) parts.push(sql`${auditSearchText(t)} ilike ${likeContains(filters.q)}`);
  if (filters.from) parts.push(gte(t.time, new Date(filters.from)));
  if (filters.to) parts.push(lte(t.time, new Date(filters.to)));
  return parts.length ? and(...parts) : undefined;
}

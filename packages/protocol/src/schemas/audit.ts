import { z } from 'zod';
import { AUDIT_RESULTS, AUDIT_TYPES } from '../enums.ts';
import { LOCALES, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';
import { isoDateTime, pageQuery, timeZone } from './common.ts';

export const auditType = z.enum(AUDIT_TYPES);
export const auditResult = z.enum(AUDIT_RESULTS);

/** One row of the list: everything but the (possibly large) data and value fields. */
export const auditSummary = z.object({
  id: z.number().int(),
  time: z.string(),
  type: auditType,
  username: z.string().nullable(),
  target: z.string(),
  description: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: auditResult,
  errorMessage: z.string().nullable(),
  durationMs: z.number().int(),
  affectedRows: z.number().int(),
});
export type AuditSummary = z.infer<typeof auditSummary>;

/** The full record (DESIGN section 5); secrets in the data and value fields are masked as '***'. */
export const auditRecord = auditSummary.extend({
  requestData: z.unknown(),
  responseData: z.unknown(),
  oldValues: z.unknown(),
  newValues: z.unknown(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** The filters shared by the list, the statistics and the export. */
export const auditFilters = z.object({
  type: auditType.optional(),
  username: z.string().trim().max(64).optional(),
  result: auditResult.optional(),
  target: z.string().trim().max(255).optional(),
  q: z.string().trim().max(200).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to);
const rangeError = { error: 'range_order', path: ['from'] };

/** The audit list pages through up to millions of rows: no `pageSize=all` here. */
export const listAuditQuery = pageQuery
  .extend({ pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT) })
  .extend(auditFilters.shape)
  .refine(rangeInOrder, rangeError);
export type ListAuditQuery = z.infer<typeof listAuditQuery>;

export const auditStatsQuery = auditFilters.extend({ tz: timeZone.default('UTC') }).refine(rangeInOrder, rangeError);
export type AuditStatsQuery = z.infer<typeof auditStatsQuery>;

const bucket = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));

export const auditStats = z.object({
  total: z.number().int(),
  byType: bucket(auditType),
  byResult: bucket(auditResult),
  /** The most active users, busiest first (null: requests without a signed-in user). */
  byUser: bucket(z.string().nullable()),
  /** Calendar days in the requested time zone, `YYYY-MM-DD`, oldest first. */
  byDay: bucket(z.string()),
});
export type AuditStats = z.infer<typeof auditStats>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

export const exportAuditQuery = auditFilters
  .extend({
    format: z.enum(AUDIT_EXPORT_FORMATS).default('csv'),
    lang: z.enum(LOCALES).default('zh-TW'),
    tz: timeZone.default('UTC'),
  })
  .refine(rangeInOrder, rangeError);
export type ExportAuditQuery = z.infer<typeof exportAuditQuery>;

export const auditCleanupResult = z.object({
  removed: z.number().int(),
  /** Records older than this instant were removed. */
  before: z.string(),
});
export type AuditCleanupResult = z.infer<typeof auditCleanupResult>;

import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { alarm } from './alarms.ts';
import { int4Id, isoDateTime, PAGE_MAX } from './common.ts';

/** The furthest a maintenance window may end, in days from now. */
export const MAINTENANCE_MAX_DAYS = 30;
/** Characters a maintenance window's reason may hold. */
export const MAINTENANCE_REASON_MAX = 200;

/**
 * A maintenance window (issue 29): a robot or a whole track whose alarms are recorded, marked
 * `maintenance`, and notify nobody until `until` (or until someone ends it).
 */
export const maintenanceWindow = z.object({
  id: z.number().int(),
  /** Exactly one of robotSn and trackId is set. */
  robotSn: z.string().nullable(),
  trackId: z.number().int().nullable(),
  until: z.string(),
  reason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

/** `POST /alarm-maintenance`: a robot or a track (exactly one), until a time within MAINTENANCE_MAX_DAYS. */
export const createMaintenanceBody = z.object({
  robotSn: z.string().regex(SN_PATTERN, { error: 'invalid_sn' }).optional(),
  trackId: int4Id.optional(),
  until: isoDateTime,
  reason: z.string().trim().max(MAINTENANCE_REASON_MAX, { error: 'too_long' }).optional(),
});
export type CreateMaintenanceBody = z.infer<typeof createMaintenanceBody>;

/**
 * A track incident: 3 or more robots on one track raising the same code within 2 minutes. At most
 * one active incident per (track, code); it closes when the last of its alarms clears.
 */
export const alarmIncident = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  code: z.string(),
  active: z.boolean(),
  openedAt: z.string(),
  lastRaisedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Distinct robots among its alarms. */
  robotCount: z.number().int(),
  /** The points where the robots stood when they raised it, where known, in order. */
  points: z.array(z.number().int()),
});
export type AlarmIncident = z.infer<typeof alarmIncident>;

/** One incident with its alarms and, per alarm, the point its robot stood at (null: unknown). */
export const alarmIncidentDetail = alarmIncident.extend({
  alarms: z.array(alarm.extend({ point: z.number().int().nullable() })),
});
export type AlarmIncidentDetail = z.infer<typeof alarmIncidentDetail>;

export const listIncidentsQuery = z.object({
  state: z.enum(['active', 'cleared']).optional(),
  trackId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: 'invalid_id' })
    .transform(Number)
    .pipe(int4Id)
    .optional(),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type ListIncidentsQuery = z.infer<typeof listIncidentsQuery>;

export const incidentPage = z.object({
  items: z.array(alarmIncident),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type IncidentPage = z.infer<typeof incidentPage>;

/** `hcpro4/console/alarm-incidents` (server → consoles): incidents opened, grown or closed. */
export const consoleIncidentsPayload = z.object({ ts: isoDateTime, incidents: z.array(alarmIncident) });
export type ConsoleIncidentsPayload = z.infer<typeof consoleIncidentsPayload>;

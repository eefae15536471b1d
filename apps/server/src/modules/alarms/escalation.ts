import { and, eq, isNull, lte, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarms } from '../../db/schema/alarms.ts';
import { notifiesSql } from './notifies.ts';
import * as repo from './repository.ts';

type AlarmRow = typeof alarms.$inferSelect;

export type EscalationTimes = { escalateAfterS: number; renotifyAfterS: number };

/**
 * One escalation sweep (issue 29), for critical alarms that notify (notifies.ts):
 * - escalated: active, unacknowledged, raised at least `escalateAfterS` ago, not escalated yet;
 * - renotified: active, acknowledged at least `renotifyAfterS` ago (or told again that long ago),
 *   told again after each such span while it stays active.
 * Each is one conditional UPDATE: the row's claim column is part of its condition, so when several
 * server instances sweep at once, each alarm is claimed by exactly one of them (PostgreSQL re-checks
 * the condition of a row another transaction changed). The claimer writes the timeline entry.
 */
export async function sweepEscalations(db: Database, now: Date, times: EscalationTimes) {
  const escalateBefore = new Date(now.getTime() - times.escalateAfterS * 1000);
  const renotifyBefore = new Date(now.getTime() - times.renotifyAfterS * 1000);
  const escalated = await db
    .update(alarms)
    .set({ escalatedAt: now })
    .where(
      and(
        eq(alarms.active, true),
        not(alarms.acknowledged),
        eq(alarms.severity, 'critical'),
        isNull(alarms.escalatedAt),
        lte(alarms.raisedAt, escalateBefore),
        notifiesSql(),
      ),
    )
    .returning();
  const renotified = await db
    .update(alarms)
    .set({ renotifiedAt: now })
    .where(
      and(
        eq(alarms.active, true),
        eq(alarms.acknowledged, true),
        eq(alarms.severity, 'critical'),
        lte(sql`COALESCE(${alarms.renotifiedAt}, ${alarms.acknowledgedAt})`, renotifyBefore),
        notifiesSql(),
      ),
    )
    .returning();
  await repo.insertEvents(db, [
    ...escalated.map((row) => ({ alarmId: row.id, kind: 'escalated' as const })),
    ...renotified.map((row) => ({ alarmId: row.id, kind: 'renotified' as const })),
  ]);
  return { escalated, renotified } satisfies Record<string, AlarmRow[]>;
}

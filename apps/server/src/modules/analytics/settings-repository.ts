import { type AnalyticsSettings, DEFAULT_DOWNTIME_ALARMS, type OpeningHours, openingHours } from '@railserve/protocol';
import { eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { analyticsSettings } from '../../db/schema/analytics.ts';

const DOWNTIME_KEY = 'downtime_alarms';
const openingKey = (sessionId: number) => `opening_hours:${sessionId}`;

export async function readSettings(db: Database): Promise<AnalyticsSettings> {
  const [row] = await db.select().from(analyticsSettings).where(eq(analyticsSettings.key, DOWNTIME_KEY));
  return { downtimeAlarms: (row?.value as AnalyticsSettings['downtimeAlarms'] | undefined) ?? [...DEFAULT_DOWNTIME_ALARMS] };
}

async function put(db: Database, key: string, value: unknown) {
  await db.insert(analyticsSettings).values({ key, value }).onConflictDoUpdate({ target: analyticsSettings.key, set: { value } });
}

export const writeSettings = (db: Database, settings: AnalyticsSettings) => put(db, DOWNTIME_KEY, settings.downtimeAlarms);

export const writeOpeningHours = (db: Database, sessionId: number, hours: OpeningHours) => put(db, openingKey(sessionId), hours);

/** Every session's opening hours that were set; a session not in the map is open the whole day. */
export async function readOpeningHours(db: Database): Promise<Map<number, OpeningHours>> {
  const rows = await db.select().from(analyticsSettings).where(like(analyticsSettings.key, 'opening_hours:%'));
  const out = new Map<number, OpeningHours>();
  for (const row of rows) {
    const parsed = openingHours.safeParse(row.value);
    if (parsed.success) out.set(Number(row.key.slice('opening_hours:'.length)), parsed.data);
  }
  return out;
}

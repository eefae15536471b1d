import {
  type AlarmSettings,
  alarmSettings as alarmSettingsSchema,
  ESCALATE_AFTER_S_DEFAULT,
  RENOTIFY_AFTER_S_DEFAULT,
} from '@railserve/protocol';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { alarmSettings } from '../../db/schema/alarm-notify.ts';
import { downtimeCodes, setDowntimeCodes } from './downtime.ts';

const OVERRIDES_KEY = 'severity_overrides';
const ESCALATION_KEY = 'escalation';

const escalationValue = alarmSettingsSchema.pick({ escalateAfterS: true, renotifyAfterS: true });
const overridesValue = alarmSettingsSchema.shape.severityOverrides;

async function read(db: Database, key: string) {
  const [row] = await db.select().from(alarmSettings).where(eq(alarmSettings.key, key));
  return row?.value;
}

async function put(db: Database, key: string, value: unknown) {
  await db.insert(alarmSettings).values({ key, value }).onConflictDoUpdate({ target: alarmSettings.key, set: { value } });
}

/** The escalation times; the defaults until an administrator sets them. */
export async function escalationTimes(db: Database) {
  const parsed = escalationValue.safeParse(await read(db, ESCALATION_KEY));
  return parsed.success ? parsed.data : { escalateAfterS: ESCALATE_AFTER_S_DEFAULT, renotifyAfterS: RENOTIFY_AFTER_S_DEFAULT };
}

export async function severityOverrides(db: Database): Promise<AlarmSettings['severityOverrides']> {
  const parsed = overridesValue.safeParse(await read(db, OVERRIDES_KEY));
  return parsed.success ? parsed.data : {};
}

export async function readAlarmSettings(db: Database): Promise<AlarmSettings> {
  return {
    severityOverrides: await severityOverrides(db),
    downtimeCodes: await downtimeCodes(db),
    ...(await escalationTimes(db)),
  };
}

export async function writeAlarmSettings(app: FastifyInstance, settings: AlarmSettings) {
  await put(app.db, OVERRIDES_KEY, settings.severityOverrides);
  await put(app.db, ESCALATION_KEY, { escalateAfterS: settings.escalateAfterS, renotifyAfterS: settings.renotifyAfterS });
  await setDowntimeCodes(app, settings.downtimeCodes);
  return readAlarmSettings(app.db);
}

/**
 * The severity a newly raised alarm gets, as SQL over its kind's and its catalogue severity's
 * expressions: the administrator's override of its kind, read in the same statement that opens the
 * alarm (so every instance applies a change at once), else the catalogue's. Alarms raised before a
 * change keep the severity they were raised with.
 */
export function severityFor(kind: SQL, fallback: SQL): SQL<string> {
  return sql<string>`COALESCE((SELECT ${alarmSettings.value} ->> ${kind} FROM ${alarmSettings} WHERE ${alarmSettings.key} = ${OVERRIDES_KEY}), ${fallback})`;
}

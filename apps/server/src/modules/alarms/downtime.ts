import type { AlarmCode } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { readSettings, writeSettings } from '../analytics/settings-repository.ts';

/**
 * The codes an administrator marks as stopping a robot: the alarm report's downtime and the
 * analytics' availability read this one list. It is stored once, in the analytics settings
 * (`downtime_alarms`), where the roll-up reads it; this is the alarm center's door to it.
 */
export async function downtimeCodes(db: Database): Promise<AlarmCode[]> {
  return (await readSettings(db)).downtimeAlarms;
}

export async function setDowntimeCodes(app: FastifyInstance, codes: AlarmCode[]) {
  await writeSettings(app.db, { downtimeAlarms: [...new Set(codes)] });
  await app.analytics.reloadSettings();
}

import type { Database } from '../../db/client.ts';
import { readSettings } from '../analytics/settings-repository.ts';

/**
 * The alarm codes whose active time is downtime (a robot stopped by it): the one place the alarm
 * report asks. Today the administrator's analytics setting (`downtime_alarms`, every robot code but
 * `low_battery` by default), which the analytics screen's downtime uses too.
 */
export async function downtimeCodesOf(db: Database): Promise<string[]> {
  return (await readSettings(db)).downtimeAlarms;
}

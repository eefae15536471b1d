import type { Alarm } from '@railserve/protocol';
import { and, not, type SQL } from 'drizzle-orm';
import { alarms } from '../../db/schema/alarms.ts';

/**
 * Whether an alarm tells anyone (escalation, re-notification, webhooks): a suppressed alarm
 * (inhibited by its robot's link alarm), a flapping one, or one raised while its robot or track was
 * in maintenance does not. One rule, in two forms: for an alarm in hand and as a condition of the
 * escalation's UPDATE. A new reason to stay quiet is added to both, here.
 */
export function notifies(alarm: Pick<Alarm, 'suppressed' | 'flapping' | 'maintenance'>): boolean {
  return !alarm.suppressed && !alarm.flapping && !alarm.maintenance;
}

export const notifiesSql = (): SQL => and(not(alarms.suppressed), not(alarms.flapping), not(alarms.maintenance))!;

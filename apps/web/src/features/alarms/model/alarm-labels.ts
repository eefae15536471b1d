import type { AlarmEvent, AlarmSeverity, CommandStatus } from '@railserve/protocol';
import type { TFunction } from 'i18next';

/** Tag colours of the severities, most urgent first. */
export const SEVERITY_COLORS: Record<AlarmSeverity, string> = {
  critical: 'red',
  major: 'volcano',
  minor: 'gold',
  warning: 'blue',
};

const RESET_STATES: Partial<Record<AlarmEvent['kind'], CommandStatus>> = {
  reset_sent: 'sent',
  reset_acknowledged: 'acknowledged',
  reset_failed: 'failed',
  reset_timed_out: 'timed_out',
};

/** Where the alarm's last reset command stands, from its timeline (undefined: none sent). */
export function resetState(timeline: readonly AlarmEvent[]): CommandStatus | undefined {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const state = RESET_STATES[timeline[i].kind];
    if (state) return state;
  }
  return undefined;
}

/** One timeline entry as a sentence; `nameOf` names an assignee by id. */
export function timelineText(t: TFunction, event: AlarmEvent, nameOf: (id: number) => string): string {
  const who = event.username ?? t('alarms.timeline.system');
  switch (event.kind) {
    case 'repeated':
      return t('alarms.timeline.repeated', { count: event.count ?? 0 });
    case 'assigned':
      return t('alarms.timeline.assigned', { who, assignee: event.assigneeId ? nameOf(event.assigneeId) : '' });
    case 'cleared':
      return t(`alarms.timeline.cleared.${event.clearedBy ?? 'device'}`);
    case 'reset_failed':
    case 'reset_timed_out':
      return t(`alarms.timeline.${event.kind}`, { error: event.text ?? '' });
    default:
      return t(`alarms.timeline.${event.kind}`, { who });
  }
}

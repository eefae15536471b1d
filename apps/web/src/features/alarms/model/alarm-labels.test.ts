import type { AlarmEvent } from '@railserve/protocol';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { resetState, timelineText } from './alarm-labels.ts';

const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as TFunction;
const event = (kind: AlarmEvent['kind'], extra: Partial<AlarmEvent> = {}): AlarmEvent => ({
  id: 1,
  time: '2026-11-27T00:00:00.000Z',
  kind,
  username: null,
  text: null,
  count: null,
  assigneeId: null,
  clearedBy: null,
  ...extra,
});

describe('alarm labels', () => {
  it('read the last reset’s state from the timeline', () => {
    expect(resetState([event('raised')])).toBeUndefined();
    expect(resetState([event('reset_sent'), event('reset_failed'), event('reset_sent')])).toBe('sent');
    expect(resetState([event('reset_sent'), event('reset_acknowledged'), event('comment')])).toBe('acknowledged');
  });

  it('say who did what', () => {
    expect(timelineText(t, event('assigned', { username: 'amy', assigneeId: 7 }), () => 'Bob')).toBe(
      'alarms.timeline.assigned {"who":"amy","assignee":"Bob"}',
    );
    expect(timelineText(t, event('cleared', { clearedBy: 'operator' }), String)).toBe('alarms.timeline.cleared.operator');
    expect(timelineText(t, event('raised'), String)).toBe('alarms.timeline.raised {"who":"alarms.timeline.system"}');
  });
});

import type { Alarm, AlarmSummary } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { alarmFixture } from '../../../testing/fixtures.ts';
import { createSummaryTally } from './summary-tally.ts';

const TS = '2026-11-28T02:00:00.000Z';
const ZERO: AlarmSummary = { critical: 0, major: 0, minor: 0, warning: 0 };
const alarm = (id: number, patch: Partial<Alarm> = {}): Alarm => alarmFixture(id, { raisedAt: TS, lastRaisedAt: TS, ...patch });

describe('the header count moved by the alarm feed', () => {
  it('counts a freshly raised alarm once, and down once when it is acknowledged or cleared', () => {
    const tally = createSummaryTally();
    let summary = tally.apply(ZERO, { ts: TS, alarms: [alarm(1), alarm(2, { severity: 'minor' })] });
    expect(summary).toEqual({ ...ZERO, critical: 1, minor: 1 });
    // The same alarm again (assigned, commented) is not a second one.
    summary = tally.apply(summary, { ts: TS, alarms: [alarm(1, { assigneeId: 3 })] });
    expect(summary.critical).toBe(1);
    summary = tally.apply(summary, {
      ts: TS,
      alarms: [alarm(1, { acknowledged: true }), alarm(2, { severity: 'minor', active: false })],
    });
    expect(summary).toEqual(ZERO);
    // Acknowledged, then cleared: counted down once only.
    summary = tally.apply({ ...ZERO, critical: 4 }, { ts: TS, alarms: [alarm(1, { active: false, acknowledged: true })] });
    expect(summary.critical).toBe(4);
  });

  it('leaves alone what it cannot tell: an alarm it did not count, a repeat, an old raise', () => {
    const tally = createSummaryTally();
    const start = { ...ZERO, major: 2 };
    const summary = tally.apply(start, {
      ts: TS,
      alarms: [
        alarm(7, { severity: 'major', active: false }),
        alarm(8, { count: 2 }),
        alarm(9, { raisedAt: '2026-11-28T01:50:00.000Z' }),
        alarm(10, { acknowledged: true }),
      ],
    });
    expect(summary).toBe(start);
  });

  it('never counts below zero', () => {
    const tally = createSummaryTally();
    tally.apply(ZERO, { ts: TS, alarms: [alarm(1)] });
    expect(tally.apply(ZERO, { ts: TS, alarms: [alarm(1, { active: false })] })).toEqual(ZERO);
  });
});

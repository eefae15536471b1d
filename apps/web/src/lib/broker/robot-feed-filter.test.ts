import { describe, expect, it } from 'vitest';
import { createRobotFeedFilter, type FeedPart, type RobotFeedFilter } from './robot-feed-filter.ts';

const status = (sn: string, battery: number, ts: string) => ({ sn, connection: 'online', battery, state: 'idle', ts });
const feed = (statuses: unknown[], removed: string[] = []) =>
  JSON.stringify({ ts: '2026-11-25T10:00:00.000Z', statuses, removed });

/** The filter's reading of a feed message (a text that is not one passes as text). */
function take(filter: RobotFeedFilter, text: string): FeedPart {
  const part = filter.take(text);
  if (typeof part === 'string') throw new Error(`not read as a feed message: ${part}`);
  return part;
}

describe('the robot feed as the page gets it', () => {
  it('passes a robot’s first status and any status that shows something new', () => {
    const filter = createRobotFeedFilter();
    const first = [status('RS-A1', 80, '2026-11-25T10:00:00.000Z'), status('RS-B2', 50, '2026-11-25T10:00:00.000Z')];
    expect(take(filter, feed(first))).toEqual({
      ts: '2026-11-25T10:00:00.000Z',
      statuses: first,
      removed: [],
      heard: [],
      checked: true,
    });
    const lower = status('RS-A1', 79, '2026-11-25T10:00:01.000Z');
    expect(take(filter, feed([lower])).statuses).toEqual([lower]);
  });

  it('turns a status that differs only in its time into the robot’s SN in heard', () => {
    const filter = createRobotFeedFilter();
    filter.take(feed([status('RS-A1', 80, '2026-11-25T10:00:00.000Z'), status('RS-B2', 50, '2026-11-25T10:00:00.000Z')]));
    const next = take(
      filter,
      feed([status('RS-A1', 80, '2026-11-25T10:00:01.000Z'), status('RS-B2', 49, '2026-11-25T10:00:01.000Z')]),
    );
    expect(next.statuses).toEqual([status('RS-B2', 49, '2026-11-25T10:00:01.000Z')]);
    expect(next.heard).toEqual(['RS-A1']);
  });

  it('compares with the last status that went through, so a change and its undoing both pass', () => {
    const filter = createRobotFeedFilter();
    for (const battery of [80, 79, 80]) {
      expect(take(filter, feed([status('RS-A1', battery, '2026-11-25T10:00:00.000Z')])).statuses).toHaveLength(1);
    }
  });

  it('forgets a removed robot: its next status passes in full', () => {
    const filter = createRobotFeedFilter();
    filter.take(feed([status('RS-A1', 80, '2026-11-25T10:00:00.000Z')]));
    expect(take(filter, feed([], ['RS-A1'])).removed).toEqual(['RS-A1']);
    expect(take(filter, feed([status('RS-A1', 80, '2026-11-25T10:00:02.000Z')])).statuses).toHaveLength(1);
  });

  it('passes every robot’s next status in full after a reset', () => {
    const filter = createRobotFeedFilter();
    filter.take(feed([status('RS-A1', 80, '2026-11-25T10:00:00.000Z')]));
    filter.reset();
    const again = take(filter, feed([status('RS-A1', 80, '2026-11-25T10:00:01.000Z')]));
    expect(again.statuses).toHaveLength(1);
    expect(again.heard).toEqual([]);
  });

  it('leaves what is not a feed message as it is', () => {
    const filter = createRobotFeedFilter();
    for (const text of ['not json', '42', 'null', '{"removed":[]}', '']) expect(filter.take(text)).toBe(text);
  });

  it('checks each status it passes with the protocol’s schema and leaves out those that fail it', () => {
    const filter = createRobotFeedFilter();
    const good = status('RS-A1', 80, '2026-11-25T10:00:00.000Z');
    const odd = [null, 'RS-A1', { battery: 3 }, { ...good, sn: 'RS-B2', battery: 'full' }, { ...good, extra: 1 }];
    expect(take(filter, feed(odd))).toMatchObject({ statuses: [good], heard: [], checked: true });
    // A robot whose status was left out: its next status goes through, even one like the last it showed.
    filter.take(feed([status('RS-B2', 50, '2026-11-25T10:00:00.000Z')]));
    filter.take(feed([{ ...status('RS-B2', 50, '2026-11-25T10:00:01.000Z'), state: 'flying' }]));
    expect(take(filter, feed([status('RS-B2', 50, '2026-11-25T10:00:02.000Z')])).statuses).toHaveLength(1);
  });
});

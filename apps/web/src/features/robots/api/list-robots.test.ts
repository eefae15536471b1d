import type { Page, Robot } from '@railserve/protocol';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { robotFixture } from '../../../testing/fixtures.ts';
import { robotsQueryOptions } from './list-robots.ts';
import { robotKeys } from './robot-keys.ts';
import { applyRobotChanges } from './robot-live-updates.ts';

const listOf = (items: Robot[]): Page<Robot> => ({ items, total: items.length, page: 1, pageSize: 'all' });

describe('the robot list in the query cache', () => {
  it('takes a live change’s list as it is, and shares a list read again with the one it had', async () => {
    const queryClient = new QueryClient();
    const read = listOf([robotFixture('R1'), robotFixture('R2')]);
    await queryClient.fetchQuery({ ...robotsQueryOptions(), queryFn: async () => read });
    const cached = () => queryClient.getQueryData<Page<Robot>>(robotKeys.list);

    const live = applyRobotChanges(read, new Map([['R1', [(r: Robot) => ({ ...r, battery: 10 })]]])).page;
    queryClient.setQueryData(robotKeys.list, live);
    expect(cached()).toBe(live);
    expect(cached()?.items[1]).toBe(read.items[1]);

    // The same robots read from the server again: the list already cached stays.
    queryClient.setQueryData(robotKeys.list, structuredClone(live));
    expect(cached()).toBe(live);
    // A robot changed on the server: a new list, the unchanged robot still the same object.
    const changed = structuredClone(live);
    changed.items[0].name = 'Front counter';
    queryClient.setQueryData(robotKeys.list, changed);
    expect(cached()?.items[0].name).toBe('Front counter');
    expect(cached()?.items[1]).toBe(read.items[1]);
  });
});

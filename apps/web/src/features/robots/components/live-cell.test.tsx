import type { Page, Robot } from '@railserve/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { robotFixture } from '../../../testing/fixtures.ts';
import { robotKeys } from '../api/robot-keys.ts';
import { liveCell } from './live-cell.tsx';

const page = (items: Robot[]): Page<Robot> => ({ items, total: items.length, page: 1, pageSize: items.length });

describe('a live cell', () => {
  it('renders what it shows again only when a field it shows changes', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(robotKeys.list, page([robotFixture('RS-A1', { battery: 60, alarms: ['imu_stuck'] })]));
    const shown: string[] = [];
    const battery = liveCell(
      (robot) => {
        shown.push(`battery ${robot.battery}`);
        return <span data-testid="battery">{robot.battery}</span>;
      },
      ['battery'],
    );
    const alarms = liveCell(
      (robot) => {
        shown.push(`alarms ${robot.alarms.join()}`);
        return <span data-testid="alarms">{robot.alarms.join()}</span>;
      },
      ['alarms'],
    );
    const whole = liveCell((robot) => {
      shown.push(`whole ${robot.battery}`);
      return null;
    });
    const row = { sn: 'RS-A1' };
    render(
      <QueryClientProvider client={queryClient}>
        {battery(null, row)}
        {alarms(null, row)}
        {whole(null, row)}
      </QueryClientProvider>,
    );
    expect(shown).toEqual(['battery 60', 'alarms imu_stuck', 'whole 60']);

    // Charging: a new robot with a new (equal) alarm list.
    act(() => {
      queryClient.setQueryData(robotKeys.list, page([robotFixture('RS-A1', { battery: 61, alarms: ['imu_stuck'] })]));
    });
    expect(shown.slice(3)).toEqual(['battery 61', 'whole 61']);
    expect(screen.getByTestId('battery').textContent).toBe('61');

    act(() => {
      queryClient.setQueryData(robotKeys.list, page([robotFixture('RS-A1', { battery: 61, alarms: [] })]));
    });
    expect(shown.slice(5)).toEqual(['alarms ', 'whole 61']);
    expect(screen.getByTestId('alarms').textContent).toBe('');

    // A robot taken out of the list empties its cells.
    act(() => {
      queryClient.setQueryData(robotKeys.list, page([]));
    });
    expect(screen.queryByTestId('battery')).toBeNull();
  });
});

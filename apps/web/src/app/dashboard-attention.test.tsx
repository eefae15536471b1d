import type { Page, Robot } from '@railserve/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttentionRobot } from '../features/dashboard/model/fleet-summary.ts';
import { robotKeys } from '../features/robots/api/robot-keys.ts';
import { robotFixture } from '../testing/fixtures.ts';

// The dashboard's attention list with the robots' live cells, as app/dashboard-route.tsx composes it.
// Counts what the list renders: each tag and battery bar, by the robot state it was given.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('../components/ui/robot-tags.tsx', async (actual) => {
  const tags = await actual<typeof import('../components/ui/robot-tags.tsx')>();
  return {
    ...tags,
    HealthTag: (props: { health: Robot['health'] }) => {
      rendered.push(`health ${props.health}`);
      return tags.HealthTag(props);
    },
    BatteryLevel: (props: { battery: number }) => {
      rendered.push(`battery ${props.battery}`);
      return tags.BatteryLevel(props);
    },
  };
});

// The test files share their modules (vitest.config.ts): the list and its cells are imported
// afresh, after the mock above, whichever file imported the tags first.
let AttentionRobots: typeof import('../features/dashboard/components/attention-robots.tsx').AttentionRobots;
let LiveCell: typeof import('../features/robots/components/live-cell.tsx').LiveCell;
beforeAll(async () => {
  vi.resetModules();
  ({ AttentionRobots } = await import('../features/dashboard/components/attention-robots.tsx'));
  ({ LiveCell } = await import('../features/robots/components/live-cell.tsx'));
});

const page = (items: Robot[]): Page<Robot> => ({ items, total: items.length, page: 1, pageSize: items.length });

describe('the attention list', () => {
  it('renders the rows that join it, and of a listed robot only the part that changed', () => {
    const queryClient = new QueryClient();
    const a = robotFixture('R-A', { health: 'critical', battery: 5, name: 'Counter A' });
    const b = robotFixture('R-B', { health: 'warning', battery: 15 });
    const c = robotFixture('R-C', { health: 'critical', battery: 8 });
    queryClient.setQueryData(robotKeys.list, page([a, b, c]));
    const listed = (robots: Robot[]): AttentionRobot[] => robots.map(({ sn, health }) => ({ sn, health }));
    const view = (robots: AttentionRobot[]) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AttentionRobots robots={robots} total={3} loading={false} cell={LiveCell} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(view(listed([a, b])));
    expect(rendered).toEqual(['health critical', 'battery 5', 'health warning', 'battery 15']);
    const rowA = screen.getByTestId('dashboard-attention-R-A');
    expect(within(rowA).getByText('Counter A').closest('a')?.getAttribute('href')).toBe('/robots?q=R-A');
    expect(within(rowA).getByText('(R-A)')).toBeTruthy();
    expect(screen.getByText('還有 1 台')).toBeTruthy();

    // A robot joins the list between them: its row renders, the others stay as they are.
    rendered.length = 0;
    rerender(view(listed([a, c, b])));
    expect(rendered).toEqual(['health critical', 'battery 8']);
    expect(screen.getAllByTestId(/^dashboard-attention-/).map((row) => row.dataset.testid)).toEqual([
      'dashboard-attention-R-A',
      'dashboard-attention-R-C',
      'dashboard-attention-R-B',
    ]);

    // A listed robot charging renders its battery bar only.
    rendered.length = 0;
    act(() => {
      queryClient.setQueryData(robotKeys.list, page([a, { ...b, battery: 16 }, c]));
    });
    expect(rendered).toEqual(['battery 16']);
    expect(within(screen.getByTestId('dashboard-attention-R-B')).getByText('16%')).toBeTruthy();
  });
});

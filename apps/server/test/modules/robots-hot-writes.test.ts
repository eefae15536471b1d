import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRobot } from '../../src/modules/robots/live-state.ts';
import { upsertLiveRobots } from '../../src/modules/robots/repository.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

// A robot's row is written at every visible change (thousands a second across a fleet). Those writes
// change no indexed column, and each page keeps room for the row's next version, so PostgreSQL can
// update the row in place (HOT) without touching any index (docs/benchmarks.md, "Server per status").
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the robots table under frequent writes', () => {
  it('has no index on a column every write changes', async () => {
    const { rows } = await app.db.execute<{ indexdef: string }>(sql`select indexdef from pg_indexes where tablename = 'robots'`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { indexdef } of rows) {
      for (const column of ['last_update', 'point', 'battery', 'state', 'health', 'alarms'])
        expect(indexdef).not.toContain(column);
    }
  });

  it('keeps half of each page free for the next version of its rows', async () => {
    const { rows } = await app.db.execute<{ reloptions: string[] | null }>(
      sql`select reloptions from pg_class where relname = 'robots' and relkind = 'r'`,
    );
    expect(rows[0]?.reloptions).toContain('fillfactor=50');
  });

  it('still finds a robot by its connection and last update (silence)', async () => {
    const heard = new Date(Date.now() - 60_000);
    await upsertLiveRobots(app.db, [{ ...newRobot('HOT-1', heard), battery: 50, state: 'idle' }]);
    await upsertLiveRobots(app.db, [
      { ...newRobot('HOT-1', heard), battery: 49, state: 'goto', point: 3, lastUpdate: new Date() },
    ]);
    const { rows } = await app.db.execute<{ battery: number; point: number }>(
      sql`select battery, point from robots where sn = 'HOT-1' and connection = 'online'`,
    );
    expect(rows).toEqual([{ battery: 49, point: 3 }]);
  });
});

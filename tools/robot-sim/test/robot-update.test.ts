import { topics } from '@railserve/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateTrackMap } from '../src/map-gen.ts';
import { SimRobot } from '../src/robot.ts';
import { command, FAST, type Observer, observe, startBroker, waitFor } from './helper.ts';
import { signingKey, startUpdateServer } from './update-server.ts';

// The reference robot fetches updates only from its own server and installs only what the
// server signed: an absolute URL, a missing or wrong signature are refused, and the firmware stays.
const map = generateTrackMap({ parking: 2, tables: 3 });
let broker: Awaited<ReturnType<typeof startBroker>>;
let home: Awaited<ReturnType<typeof startUpdateServer>>;
/** Another host that serves a file too: the robot must never call it. */
let elsewhere: Awaited<ReturnType<typeof startUpdateServer>>;
let obs: Observer;
const robots: SimRobot[] = [];

async function startRobot(sn: string) {
  const robot = new SimRobot({ url: broker.url, sn, deviceKey: 'key', trackId: 1, seed: 1, ...FAST, httpUrl: home.httpUrl });
  robots.push(robot);
  await robot.start();
  await waitFor(() => robot.model.state === 'idle' && robot.map !== null, 5000, `${sn} idle on its map`);
  return robot;
}

beforeAll(async () => {
  broker = await startBroker();
  home = await startUpdateServer(Buffer.alloc(2000, 3));
  elsewhere = await startUpdateServer(Buffer.alloc(2000, 3));
  obs = await observe(broker.url, ['HCP4/+/ack', 'HCP4/+/upgrade']);
  await obs.publish(topics.trackMap(1), map, true);
});
afterEach(async () => {
  await Promise.all(robots.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await obs.close();
  await broker.close();
  await home.close();
  await elsewhere.close();
});

const ackOf = async (sn: string, id: string) => (await obs.next(topics.robotAck(sn), (p) => p.id === id)).payload;

describe('where a robot fetches an update from', () => {
  it('refuses an absolute URL with an error code, and sends nothing (no credentials) to that host', async () => {
    const robot = await startRobot('R-abs');
    const before = robot.model.firmware;
    for (const [id, url] of [
      ['c-abs', `${elsewhere.httpUrl}/api/v1/updates/5/download`],
      ['c-proto', `//127.0.0.1:${new URL(elsewhere.httpUrl).port}/api/v1/updates/5/download`],
      ['c-dots', '/api/v1/updates/5/../../../version'],
    ]) {
      await obs.publish(topics.robotCommand('R-abs'), command(id, 'update', home.args(5, { url })));
      expect(await ackOf('R-abs', id), url).toMatchObject({
        ok: false,
        error: expect.stringContaining('must be a path on the console'),
      });
    }
    expect(elsewhere.authorizations).toEqual([]);
    expect(robot.model.state).toBe('idle');
    expect(robot.model.firmware).toBe(before);
  });

  it('refuses an update without a signature', async () => {
    await startRobot('R-unsigned');
    const { signature: _, ...unsigned } = home.args(6);
    await obs.publish(topics.robotCommand('R-unsigned'), command('c-unsigned', 'update', unsigned));
    expect(await ackOf('R-unsigned', 'c-unsigned')).toMatchObject({ ok: false, error: 'update has no valid signature' });
  });
});

describe('what a robot installs', () => {
  it('refuses a file whose signature is by another key or for another file, and keeps its firmware', async () => {
    const robot = await startRobot('R-sig');
    const before = robot.model.firmware;
    const intruder = signingKey();
    const args = home.args(11);
    const cases: [number, Record<string, unknown>][] = [
      // Signed by a key the console does not publish.
      [11, { signature: intruder.sign({ version: args.version, size: args.size, sha256: args.sha256 }) }],
      // The console's signature of another version: the statement names the version.
      [12, { signature: home.args(12).signature, version: '2.0.1' }],
    ];
    for (const [recordId, overrides] of cases) {
      await obs.publish(topics.robotCommand('R-sig'), command(`c-sig-${recordId}`, 'update', home.args(recordId, overrides)));
      expect(await ackOf('R-sig', `c-sig-${recordId}`)).toMatchObject({ ok: true });
      const report = await obs.next(topics.robotUpgrade('R-sig'), (p) => p.recordId === recordId);
      expect(report.payload).toMatchObject({ stage: 'failed', reason: expect.stringContaining('signature mismatch') });
      await waitFor(() => robot.model.state === 'idle', 3000, 'idle again');
    }
    expect(robot.model.firmware).toBe(before);
    // The same robot installs a file the console signed.
    await obs.publish(topics.robotCommand('R-sig'), command('c-good', 'update', home.args(13)));
    const done = await obs.next(topics.robotUpgrade('R-sig'), (p) => p.recordId === 13 && p.stage === 'update_complete', 8000);
    expect(done.payload).toMatchObject({ firmware: '2.0.0' });
  });
});

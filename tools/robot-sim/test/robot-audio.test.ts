import { once } from 'node:events';
import { topics } from '@railserve/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTrackMap } from '../src/map-gen.ts';
import { SimRobot } from '../src/robot.ts';
import type { FetchedAudio } from '../src/robot-audio.ts';
import { command, FAST, type Observer, observe, startBroker, waitFor } from './helper.ts';
import { startAudioConsole } from './support/audio-console.ts';

let broker: Awaited<ReturnType<typeof startBroker>>;
let obs: Observer;

beforeAll(async () => {
  broker = await startBroker();
  obs = await observe(broker.url, ['hcpro4/logs/robot', 'HCP4/+/ack']);
  await obs.publish(topics.trackMap(3), generateTrackMap({ parking: 1, tables: 2 }), true);
});
afterAll(async () => {
  await obs.close();
  await broker.close();
});

describe('a robot fetching its track audio', () => {
  it('fetches the clip list and files with its credentials after reload_map and logs what it fetched', async () => {
    const files = { welcome: Buffer.from('RIFF-welcome'), bell: Buffer.from('RIFF-bell-sound') };
    const consoleStub = await startAudioConsole(3, 'key', files);
    const robot = new SimRobot({
      url: broker.url,
      apiUrl: consoleStub.url,
      sn: 'R-audio',
      deviceKey: 'key',
      trackId: 3,
      seed: 1,
      ...FAST,
    });
    try {
      await robot.start();
      await waitFor(() => robot.model.state === 'idle', 5000, 'robot idle');
      const fetched = once(robot, 'audio') as Promise<[FetchedAudio]>;
      await obs.publish(topics.robotCommand('R-audio'), command('c-audio', 'reload_map'));
      const [result] = await fetched;
      expect(result.clips.map((c) => c.name)).toEqual(['welcome', 'bell']);
      expect(result.bytes).toBe(files.welcome.length + files.bell.length);
      expect(consoleStub.requests.map((r) => r.url)).toEqual([
        '/api/v1/tracks/3/audio',
        '/api/v1/tracks/3/audio/1/file',
        '/api/v1/tracks/3/audio/2/file',
      ]);
      expect(new Set(consoleStub.requests.map((r) => r.user))).toEqual(new Set(['R-audio']));
      const log = await obs.next('hcpro4/logs/robot', (p) => (p as { type?: string }).type === 'audio');
      expect((log.payload as { message: string }).message).toBe('audio fetched: 2 clips, 27 bytes');
    } finally {
      await robot.stop();
      await consoleStub.close();
    }
  });
});

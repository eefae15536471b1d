import { expect } from 'vitest';
import type { MqttBridge } from '../../src/broker/bridge.ts';
import type { FaultGuard } from '../../src/lib/fault-guard.ts';

type Publisher = { publishAsync(topic: string, payload: string, options: { qos: 1 }): Promise<unknown> };
type Logged = { where?: string; topic?: string; err?: unknown };

/**
 * Either broker connection's fault isolation: three handlers on `hostile/+`, one that overflows the
 * stack on a deep payload (what an outside review's payload did: a recursion over a deep value),
 * one that rejects, one that notes each topic. `robot` publishes the deep payload and a plain one:
 * both reach the third handler, and the deep one's two faults are counted and logged once each.
 * Answers the topics the third handler heard, for what the caller checks next.
 */
export async function checkHandlerFaults(bridge: MqttBridge, robot: Publisher, guard: FaultGuard, errors: Logged[]) {
  const heard: string[] = [];
  bridge.handle('hostile/+', (_topic, payload) => {
    const walk = (value: unknown): number => (Array.isArray(value) ? 1 + walk(value[0]) : 0);
    walk(JSON.parse(payload.toString()));
  });
  bridge.handle('hostile/+', async () => {
    throw new Error('handler rejected');
  });
  bridge.handle('hostile/+', (topic) => void heard.push(topic));
  await bridge.waitUntilSubscribed();
  const before = guard.faults;
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  await robot.publishAsync('hostile/1', deep, { qos: 1 });
  await robot.publishAsync('hostile/2', '[]', { qos: 1 });
  await expect.poll(() => heard).toEqual(['hostile/1', 'hostile/2']);
  await expect.poll(() => guard.faults - before).toBe(3);
  const logged = errors.filter((e) => e.topic === 'hostile/1');
  expect(logged.map((e) => e.where)).toEqual(['handling hostile/+', 'handling hostile/+']);
  expect(logged.map((e) => (e.err as Error).name).sort()).toEqual(['Error', 'RangeError']);
  return heard;
}

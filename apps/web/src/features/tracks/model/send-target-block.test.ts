import { describe, expect, it } from 'vitest';
import { sendTargetBlock } from './send-target-block.ts';

const robot = (sn: string, state: 'idle' | 'sleep' | 'goto', connection: 'online' | 'offline' = 'online') => ({
  sn,
  state,
  connection,
});
const ready = { connected: true, reported: true, hasMap: true, charging: [] as string[] };

describe('sendTargetBlock', () => {
  it('names the first thing in the way, in the order an operator would fix it', () => {
    expect(sendTargetBlock({ ...ready, connected: false, reported: false, robots: [] })).toBe('broker');
    expect(sendTargetBlock({ ...ready, reported: false, robots: [] })).toBe('neverReported');
    expect(sendTargetBlock({ ...ready, hasMap: false, robots: [] })).toBe('noMap');
    expect(sendTargetBlock({ ...ready, robots: [robot('A', 'goto'), robot('B', 'idle', 'offline')] })).toBe('noIdleRobot');
  });

  it('says every idle robot is charging when the controller holds each of them back', () => {
    const robots = [robot('A', 'idle'), robot('B', 'sleep'), robot('C', 'goto')];
    expect(sendTargetBlock({ ...ready, robots, charging: ['A', 'B'] })).toBe('allCharging');
    expect(sendTargetBlock({ ...ready, robots, charging: ['A'] })).toBeUndefined();
    expect(sendTargetBlock({ ...ready, robots })).toBeUndefined();
  });

  it('waits for what is still loading rather than guessing', () => {
    expect(sendTargetBlock({ ...ready, hasMap: undefined, robots: undefined })).toBeUndefined();
  });
});

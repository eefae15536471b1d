import type { Robot } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { lastTrackNames, parseRobotFilters, type RobotFilters, robotMatcher } from './robot-filters.ts';

const robots = [
  { sn: 'SIM-0001', name: 'Counter 1', lastTrackName: 'Hall', connection: 'online', health: 'normal', state: 'idle' },
  { sn: 'SIM-0002', name: 'Kitchen', lastTrackName: 'Terrace', connection: 'offline', health: 'warning', state: 'idle' },
  { sn: 'SIM-0003', name: 'SIM-0003', lastTrackName: null, connection: 'online', health: 'critical', state: 'alarm' },
] as Robot[];

describe('robot filters', () => {
  it('reads only known values from the URL', () => {
    const filters = parseRobotFilters(new URLSearchParams('q=%20kit%20&connection=online&health=bad&state=idle&track=Hall'));
    expect(filters).toEqual({ q: 'kit', connection: 'online', health: undefined, state: 'idle', track: 'Hall' });
  });

  it('matches SN, name and track case-insensitively, and every other filter exactly', () => {
    const sns = (filters: RobotFilters) => robots.filter(robotMatcher(filters)).map((r) => r.sn);
    expect(sns({ q: 'terr' })).toEqual(['SIM-0002']);
    expect(sns({ q: 'counter' })).toEqual(['SIM-0001']);
    expect(sns({ connection: 'online' })).toEqual(['SIM-0001', 'SIM-0003']);
    expect(sns({ health: 'critical', state: 'alarm' })).toEqual(['SIM-0003']);
    expect(sns({ track: 'Hall' })).toEqual(['SIM-0001']);
    expect(lastTrackNames(robots)).toEqual(['Hall', 'Terrace']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CONSOLE_TOPIC_ACTIONS,
  compareSn,
  isValidSn,
  parseTopic,
  RETAINED_TOPICS,
  SERVER_INGEST_TOPICS,
  sharedTopic,
  topicFilters,
  topicMatches,
  topics,
} from '../src/index.ts';

describe('topic builders', () => {
  it('build the fixed topic names', () => {
    expect(topics.robotStatus('RS-1')).toBe('hcpro4/robots/RS-1/status');
    expect(topics.trackStatus(3)).toBe('hcpro4/tracks/3/status');
    expect(topics.robotConfig('RS-1', 'network')).toBe('HCP4/RS-1/config/network');
    expect(topics.trackMap(3)).toBe('HCP4/track/3/map');
    expect(sharedTopic('hcpro4/logs/+')).toBe('$share/railserve/hcpro4/logs/+');
  });

  it('validate serial numbers', () => {
    expect(isValidSn('RS_01-a')).toBe(true);
    expect(isValidSn('x'.repeat(64))).toBe(true);
    expect(isValidSn('x'.repeat(65))).toBe(false);
    expect(isValidSn('')).toBe(false);
    expect(isValidSn('a/b')).toBe(false);
    expect(isValidSn('a+')).toBe(false);
  });

  it('order SNs by code point, the same for every language', () => {
    expect(['RS-10', 'RS-2', 'RS-1', 'A_1', 'rs-0'].sort(compareSn)).toEqual(['A_1', 'RS-1', 'RS-10', 'RS-2', 'rs-0']);
    expect(compareSn('RS-1', 'RS-1')).toBe(0);
  });
});

describe('topic filters', () => {
  // The names are fixed (other programs use them): the literals are what is under test.
  it('are the fixed filter names', () => {
    expect(topicFilters).toEqual({
      system: 'hcpro4/system/+',
      robotStatus: 'hcpro4/robots/+/status',
      trackStatus: 'hcpro4/tracks/+/status',
      log: 'hcpro4/logs/+',
      alert: 'hcpro4/alerts/+',
      robotCommand: 'HCP4/+/cmd',
      robotConfig: 'HCP4/+/config/+',
      robotConfigReport: 'HCP4/+/config/report',
      robotAck: 'HCP4/+/ack',
      trackMap: 'HCP4/track/+/map',
      trackAck: 'HCP4/track/+/ack',
      robotUpgrade: 'HCP4/+/upgrade',
      deviceVersion: 'hcpro4/versions/+',
    });
  });

  it('match what their builder makes, and only that kind of topic', () => {
    const kinds = Object.keys(topicFilters) as (keyof typeof topicFilters)[];
    const built = (kind: keyof typeof topicFilters) =>
      kind === 'robotConfig' ? topics.robotConfig('RS-1', 'network') : (topics[kind] as (value: string) => string)('RS-1');
    for (const kind of kinds)
      for (const other of kinds)
        expect(topicMatches(topicFilters[kind], built(other)), `${kind} ~ ${other}`).toBe(
          kind === other || (kind === 'robotConfig' && other === 'robotConfigReport'),
        );
  });

  it('make the server ingest, retained and console lists', () => {
    expect([...SERVER_INGEST_TOPICS]).toEqual([
      'hcpro4/robots/+/status',
      'hcpro4/tracks/+/status',
      'hcpro4/alerts/+',
      'hcpro4/logs/+',
      'hcpro4/system/+',
      'HCP4/+/ack',
      'HCP4/+/config/report',
      'HCP4/track/+/ack',
      'HCP4/+/upgrade',
      'hcpro4/versions/+',
    ]);
    expect([...RETAINED_TOPICS]).toEqual([
      'hcpro4/robots/+/status',
      'hcpro4/tracks/+/status',
      'hcpro4/system/status',
      'HCP4/+/config/report',
      'HCP4/track/+/map',
      'hcpro4/versions/+',
    ]);
    expect(CONSOLE_TOPIC_ACTIONS).toEqual({
      'hcpro4/system/status': 'live.view',
      'hcpro4/robots/+/status': 'live.view',
      'hcpro4/console/robots': 'live.view',
      'hcpro4/console/alarms': 'live.view',
      'hcpro4/console/alarm-incidents': 'live.view',
      'hcpro4/console/alarm-notices': 'alarms.settings',
      'hcpro4/tracks/+/status': 'live.view',
      'hcpro4/logs/+': 'logs.view',
      'hcpro4/alerts/+': 'live.view',
      'HCP4/frontend/update': 'live.view',
    });
  });
});

describe('topicMatches', () => {
  it('matches single-level and multi-level wildcards', () => {
    expect(topicMatches('hcpro4/robots/+/status', 'hcpro4/robots/RS-1/status')).toBe(true);
    expect(topicMatches('hcpro4/robots/+/status', 'hcpro4/robots/RS-1/alarm')).toBe(false);
    expect(topicMatches('hcpro4/robots/+/status', 'hcpro4/robots/status')).toBe(false);
    expect(topicMatches('hcpro4/#', 'hcpro4/logs/robot')).toBe(true);
    expect(topicMatches('#', 'anything/at/all')).toBe(true);
    expect(topicMatches('HCP4/+/config/+', 'HCP4/RS-1/config/basic')).toBe(true);
  });

  it('requires the same depth and exact levels', () => {
    expect(topicMatches('a/b', 'a/b/c')).toBe(false);
    expect(topicMatches('a/b/c', 'a/b')).toBe(false);
    expect(topicMatches('a/b', 'a/b')).toBe(true);
    expect(topicMatches('a/+', 'a/')).toBe(true);
  });

  it('lets # match the parent level and + an empty level, as MQTT does', () => {
    expect(topicMatches('hcpro4/#', 'hcpro4')).toBe(true);
    expect(topicMatches('hcpro4/+/#', 'hcpro4')).toBe(false);
    expect(topicMatches('+/+', '/')).toBe(true);
    expect(topicMatches('+', '')).toBe(true);
    expect(topicMatches('a/b', 'a/bb')).toBe(false);
    expect(topicMatches('a/bb', 'a/b')).toBe(false);
  });

  it('agrees with a level-by-level reference on every short filter and topic', () => {
    const reference = (filter: string, topic: string) => {
      const f = filter.split('/');
      const t = topic.split('/');
      for (let i = 0; i < f.length; i++) {
        if (f[i] === '#') return true;
        if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
      }
      return f.length === t.length;
    };
    // Every filter and topic of one to three levels over a small alphabet.
    const all = (levels: readonly string[]): string[] => {
      const one = [...levels];
      const two = one.flatMap((a) => levels.map((b) => `${a}/${b}`));
      return [...one, ...two, ...two.flatMap((ab) => levels.map((c) => `${ab}/${c}`))];
    };
    const filters = all(['a', 'b', 'ab', '', '+', '#']);
    const disagreements = all(['a', 'b', 'ab', '']).flatMap((topic) =>
      filters
        .filter((filter) => topicMatches(filter, topic) !== reference(filter, topic))
        .map((filter) => `${filter} ~ ${topic}`),
    );
    expect(disagreements).toEqual([]);
  });
});

describe('parseTopic', () => {
  it('splits every ingest topic kind', () => {
    expect(parseTopic('hcpro4/robots/RS-1/status')).toEqual({ kind: 'robotStatus', sn: 'RS-1' });
    expect(parseTopic('hcpro4/tracks/12/status')).toEqual({ kind: 'trackStatus', trackId: 12 });
    expect(parseTopic('hcpro4/alerts/RS-1')).toEqual({ kind: 'alert', sn: 'RS-1' });
    expect(parseTopic('hcpro4/logs/robot')).toEqual({ kind: 'log', source: 'robot' });
    expect(parseTopic('hcpro4/system/announce')).toEqual({ kind: 'system', type: 'announce' });
    expect(parseTopic('HCP4/frontend/update')).toEqual({ kind: 'frontendUpdate' });
    expect(parseTopic('HCP4/track/7/ack')).toEqual({ kind: 'trackAck', trackId: 7 });
    expect(parseTopic('HCP4/RS-1/ack')).toEqual({ kind: 'robotAck', sn: 'RS-1' });
    expect(parseTopic('HCP4/RS-1/config/report')).toEqual({ kind: 'robotConfigReport', sn: 'RS-1' });
  });

  it('returns null for anything else', () => {
    for (const t of [
      'hcpro4/robots/bad sn/status',
      'hcpro4/robots/RS-1/status/extra',
      'hcpro4/tracks/abc/status',
      'hcpro4/system/',
      'HCP4/RS-1/cmd',
      'HCP4/RS-1/config/basic',
      'HCP4/track/x/ack',
      'other/topic',
      '',
    ]) {
      expect(parseTopic(t), t).toBeNull();
    }
  });

  it('understands a topic of every server ingest filter', () => {
    const samples = SERVER_INGEST_TOPICS.map((f) => f.replace('HCP4/track/+', 'HCP4/track/1').replaceAll('+', 'RS-1'));
    for (const t of samples) expect(parseTopic(t.replace('hcpro4/tracks/RS-1', 'hcpro4/tracks/1')), t).not.toBeNull();
  });
});

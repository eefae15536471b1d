import { describe, expect, it } from 'vitest';
import { compareSn, isValidSn, parseTopic, SERVER_INGEST_TOPICS, sharedTopic, topicMatches, topics } from '../src/index.ts';

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

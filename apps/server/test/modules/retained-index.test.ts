import { describe, expect, it } from 'vitest';
import { RetainedIndex } from '../../src/lib/retained-index.ts';

const packet = (topic: string, payload = 'x') => ({ topic, payload: Buffer.from(payload) });
const topics = (index: RetainedIndex, filter: string) => [...index.match(filter)].map((p) => p.topic).sort();

describe('retained index', () => {
  const index = new RetainedIndex();
  for (const topic of [
    'hcpro4/robots/A/status',
    'hcpro4/robots/B/status',
    'HCP4/A/config/report',
    'HCP4/B/config/report',
    'HCP4/track/1/map',
    'hcpro4/system/status',
    'solo',
  ])
    index.store(packet(topic));

  it('finds an exact topic', () => {
    expect(topics(index, 'HCP4/A/config/report')).toEqual(['HCP4/A/config/report']);
    expect(topics(index, 'solo')).toEqual(['solo']);
    expect(topics(index, 'HCP4/C/config/report')).toEqual([]);
  });

  it('matches wildcards within a group and across groups', () => {
    expect(topics(index, 'hcpro4/robots/+/status')).toEqual(['hcpro4/robots/A/status', 'hcpro4/robots/B/status']);
    expect(topics(index, 'HCP4/A/config/+')).toEqual(['HCP4/A/config/report']);
    expect(topics(index, 'HCP4/+/config/report')).toEqual(['HCP4/A/config/report', 'HCP4/B/config/report']);
    expect(topics(index, '#')).toHaveLength(7);
    expect(topics(index, 'hcpro4/#')).toEqual(['hcpro4/robots/A/status', 'hcpro4/robots/B/status', 'hcpro4/system/status']);
  });

  it('forgets a topic whose retained message is cleared with an empty payload', () => {
    index.store(packet('hcpro4/robots/A/status', ''));
    expect(topics(index, 'hcpro4/robots/+/status')).toEqual(['hcpro4/robots/B/status']);
  });
});

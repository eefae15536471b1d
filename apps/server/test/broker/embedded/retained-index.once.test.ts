import { describe, expect, it } from 'vitest';
import { RetainedBudget } from '../../../src/broker/embedded/retained-budget.ts';
import { RetainedIndex } from '../../../src/broker/embedded/retained-index.ts';

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

describe('retained store bounds', () => {
  const limits = { messagesPerOwner: 2, bytesPerOwner: 1000, messagesTotal: 6, bytesTotal: 2500 };
  const status = (sn: string, bytes: number) => packet(`hcpro4/robots/${sn}/status`, 'x'.repeat(bytes));
  const report = (sn: string, bytes: number) => packet(`HCP4/${sn}/config/report`, 'x'.repeat(bytes));

  it('keeps an owner within its count and bytes, and counts what it refuses', () => {
    const index = new RetainedIndex(new RetainedBudget(limits));
    expect(index.store(status('A', 400))).toBe('stored');
    expect(index.store(report('A', 400))).toBe('stored');
    // A third topic of the same robot would be over its count; a bigger report over its bytes.
    expect(index.store(packet('hcpro4/tracks/1/status', 'x'.repeat(10)))).toBe('stored');
    expect(index.store(report('A', 700))).toBe('refused');
    // The refused report's older copy is gone too: nobody is handed a state the robot has replaced.
    expect(topics(index, 'HCP4/A/config/+')).toEqual([]);
    expect(index.budget.usage()).toMatchObject({ messages: 2, refused: 1 });
    // Replacing a message with one of the same size fits.
    expect(index.store(status('A', 400))).toBe('stored');
  });

  it('keeps everyone within the total, whoever asks, and frees the share of a cleared topic', () => {
    const index = new RetainedIndex(new RetainedBudget(limits));
    const outcomes = Array.from({ length: 20 }, (_, i) => index.store(report(`R${i}`, 900)));
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(2);
    expect(index.budget.usage().bytes).toBeLessThanOrEqual(limits.bytesTotal);
    expect(index.store(report('R0', 0))).toBe('cleared');
    expect(index.store(report('R5', 900))).toBe('stored');
    // Many small ones stop at the total count.
    const small = Array.from({ length: 20 }, (_, i) => index.store(status(`S${i}`, 1)));
    expect(small.filter((o) => o === 'stored')).toHaveLength(limits.messagesTotal - 2);
  });

  it("never counts the server's own messages (maps, system status), nor lets devices crowd them out", () => {
    const index = new RetainedIndex(new RetainedBudget(limits));
    for (let i = 0; i < 10; i++) index.store(report(`R${i}`, 900));
    expect(index.store(packet('HCP4/track/1/map', 'x'.repeat(100_000)))).toBe('stored');
    expect(index.store(packet('hcpro4/system/status', '{}'))).toBe('stored');
    expect(index.budget.usage().bytes).toBeLessThanOrEqual(limits.bytesTotal);
  });

  it('returns to nothing once every topic is cleared, after any mix of stores, replacements and refusals', () => {
    const index = new RetainedIndex(new RetainedBudget({ ...limits, bytesTotal: 20_000, messagesTotal: 40 }));
    let seed = 26;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    const made = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const sn = `R${random(60)}`;
      const p = random(2) === 0 ? status(sn, random(800)) : report(sn, random(1200));
      made.add(p.topic);
      index.store(p);
      const usage = index.budget.usage();
      expect(usage.bytes).toBeLessThanOrEqual(20_000);
      expect(usage.messages).toBeLessThanOrEqual(40);
    }
    expect(index.budget.usage().refused).toBeGreaterThan(0);
    for (const topic of made) index.store(packet(topic, ''));
    expect(index.budget.usage()).toMatchObject({ messages: 0, bytes: 0, owners: 0 });
    expect(topics(index, '#')).toEqual([]);
  });

  it('keeps a small payload cut from a large read in memory of its own', () => {
    const index = new RetainedIndex();
    const read = Buffer.alloc(64 * 1024, 'x');
    index.store({ topic: 'hcpro4/robots/A/status', payload: read.subarray(100, 200) });
    const [kept] = index.match('hcpro4/robots/A/status');
    expect(kept.payload.buffer.byteLength).toBe(100);
    expect(Buffer.from(kept.payload).toString()).toBe('x'.repeat(100));
  });
});

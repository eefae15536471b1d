import { describe, expect, it } from 'vitest';
import { deliveryKeyOf } from '../../src/modules/logs/delivery-key.ts';

const topic = 'hcpro4/logs/robot';
const message = (ts: string, text = 'door opened') =>
  Buffer.from(JSON.stringify({ ts, level: 'info', type: 'door', message: text }));

describe('delivery key', () => {
  it('is the same for a copy delivered again and differs for any other message', () => {
    const ts = '2026-11-28T10:00:00.123Z';
    const key = deliveryKeyOf(topic, message(ts), ts);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(deliveryKeyOf(topic, message(ts), ts)).toBe(key);
    expect(deliveryKeyOf(topic, message(ts, 'door closed'), ts)).not.toBe(key);
    expect(deliveryKeyOf('hcpro4/logs/track', message(ts), ts)).not.toBe(key);
  });

  it('begins with the time the message was sent, so keys sort as their messages were sent', () => {
    const times = [
      '2026-11-28T10:00:00.001Z',
      '2026-11-28T10:00:00.002+00:00',
      '2026-11-28T11:00:00.000+01:00',
      '2026-11-28T10:00:01Z',
    ];
    const keys = times.map((ts) => deliveryKeyOf(topic, message(ts), ts));
    expect(keys.slice(0, 2)).toEqual([...keys.slice(0, 2)].sort());
    // 11:00 at +01:00 is 10:00:00.000 UTC: the instant, not the text, decides.
    const hex = Date.parse('2026-11-28T10:00:00Z').toString(16).padStart(12, '0');
    expect(keys[2].slice(0, 13)).toBe(`${hex.slice(0, 8)}-${hex.slice(8)}`);
    expect([...keys].sort()).toEqual([keys[2], keys[0], keys[1], keys[3]]);
  });

  it('keeps a key for a time it cannot read or hold', () => {
    for (const ts of ['not a time', '', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      const key = deliveryKeyOf(topic, message(ts), ts);
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(deliveryKeyOf(topic, message(ts), ts)).toBe(key);
    }
    expect(deliveryKeyOf(topic, message('x'), 'x').slice(0, 13)).toBe('00000000-0000');
    expect(deliveryKeyOf(topic, message('+275760-09-13T00:00:00Z'), '+275760-09-13T00:00:00Z').slice(0, 13)).toBe(
      'ffffffff-ffff',
    );
  });
});

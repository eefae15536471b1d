import { parseJson } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { stampSender } from '../../src/broker/sender.ts';

const robot = { role: 'robot', sn: 'R-1' } as const;
const stamp = (payload: string, topic = 'hcpro4/logs/robot') => stampSender(robot, topic, Buffer.from(payload)).toString();

describe('the embedded broker stamps who sent a log record', () => {
  it('adds the sender to an object, and replaces one the client wrote', () => {
    expect(parseJson(stamp('{"a":1}'))).toEqual({ a: 1, sender: 'robot:R-1' });
    expect(parseJson(stamp('{"sender":"robot:VICTIM","a":"x"}'))).toEqual({ a: 'x', sender: 'robot:R-1' });
    expect(parseJson(stamp(' \n{ "a" : {"b":"}"} }\r\n '))).toEqual({ a: { b: '}' }, sender: 'robot:R-1' });
    expect(parseJson(stamp('{}'))).toEqual({ sender: 'robot:R-1' });
    expect(parseJson(stamp('{ \t}'))).toEqual({ sender: 'robot:R-1' });
  });

  it('writes a user name that needs escaping as JSON', () => {
    const user = { role: 'web', userId: 3, username: 'a"b\\c' } as never;
    expect(parseJson(stampSender(user, 'hcpro4/system/event', Buffer.from('{"x":1}')))).toEqual({
      x: 1,
      sender: 'user:3:a"b\\c',
    });
  });

  it('relays anything that is not an object, and other topics, unchanged', () => {
    for (const payload of ['[1,2]', '"text"', '42', '', '   ', '{', '}', 'null']) expect(stamp(payload)).toBe(payload);
    expect(stamp('{"a":1}', 'hcpro4/robots/R-1/status')).toBe('{"a":1}');
  });

  it('never makes a payload that was not valid JSON valid, nor lets a forged sender stand', () => {
    const attempts = [
      '{"a":"',
      '{"a":"\\',
      '{"sender":"robot:VICTIM","a":"',
      '{"a":{"sender":"robot:VICTIM"}',
      '{"a":[1}',
      '{"a":1,}',
      '{"a":1}}',
      '{"a":1} {"sender":"robot:VICTIM"}',
      '{"a":1}garbage}',
      '{"sender":"robot:VICTIM"',
    ];
    for (const payload of attempts) {
      const parsed = parseJson(stamp(payload)) as { sender?: string } | null;
      expect(parsed === null || parsed.sender === 'robot:R-1', payload).toBe(true);
    }
  });
});

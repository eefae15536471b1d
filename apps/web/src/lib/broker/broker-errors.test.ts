import { describe, expect, it } from 'vitest';
import { brokerErrorReason, isCredentialRefusal, WORKER_START_FAILED } from './broker-errors.ts';

const error = (message: string, code?: unknown) => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('why the broker connection failed', () => {
  it('tells refused credentials (MQTT 3.1.1 and 5) from everything else', () => {
    for (const code of [4, 5, 134, 135]) {
      expect(brokerErrorReason(error('Connection refused', code))).toBe('credentials');
      expect(isCredentialRefusal(error('Connection refused', code))).toBe(true);
    }
    expect(isCredentialRefusal(error('Connection refused: Server unavailable', 3))).toBe(false);
  });

  it('reads an unavailable, busy or absent broker and a missing CONNACK as unreachable', () => {
    for (const code of [3, 136, 137, 'ECONNREFUSED', 'ENOTFOUND'])
      expect(brokerErrorReason(error('x', code))).toBe('unavailable');
    expect(brokerErrorReason(error('connack timeout'))).toBe('unavailable');
  });

  it('reads a worker that cannot start as such, and anything else as a failure', () => {
    expect(brokerErrorReason(error('The broker worker could not start', WORKER_START_FAILED))).toBe('start');
    expect(brokerErrorReason(error('Invalid header flag bits, must be 0x0 for puback packet'))).toBe('failed');
    expect(brokerErrorReason(error('Unsupported protocol version', 1))).toBe('failed');
  });
});

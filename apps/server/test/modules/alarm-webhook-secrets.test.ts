import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRefused } from '../../src/modules/alarms/webhook-address.ts';
import { guardedLookup } from '../../src/modules/alarms/webhook-sender.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { waitFor } from '../support/robots.ts';

// A webhook's secret never reaches a log line, even at trace level, and the refused addresses.
const SECRET = 'secret-that-must-not-be-logged';
const lines: string[] = [];
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({}, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => app.close());

describe('alarm webhook secrets', () => {
  it('are in no log line: the request, a refused body, or a failed call', async () => {
    const admin = await app.as(0);
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/alarm-webhooks', headers: admin, payload });
    // Port 9 of loopback: the call fails, and its failure is logged.
    app.alarmNotify.options.allowLoopback = true;
    app.alarmNotify.options.settleMs = 0;
    const added = await post({ url: 'http://127.0.0.1:9/hook', secret: SECRET, severities: ['major'], events: ['raised'] });
    expect(added.statusCode).toBe(200);
    expect((await post({ url: 'ftp://x.example', secret: SECRET, severities: ['major'] })).statusCode).toBe(400);
    app.alarms.silent('SEC-1', null);
    await waitFor(async () => {
      await app.alarms.flush();
      await app.alarmNotify.pump();
      return lines.some((l) => l.includes('an alarm webhook call failed')) || undefined;
    }, 'the failed call logged');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.includes(SECRET))).toEqual([]);
  });

  it('refuses link-local, metadata, this-network and multicast addresses; loopback unless allowed', () => {
    for (const ip of ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1', 'fd00:ec2::254', '::'])
      expect(addressRefused(ip, true), ip).toBe(true);
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(addressRefused(ip, false), ip).toBe(true);
      expect(addressRefused(ip, true), ip).toBe(false);
    }
    for (const ip of ['192.168.1.20', '10.0.0.5', '203.0.113.7', '2001:db8::1'])
      expect(addressRefused(ip, false), ip).toBe(false);
    expect(addressRefused('not an ip', true)).toBe(true);
  });

  it('refuses at lookup a name that resolves to a refused address', async () => {
    const lookup = (allow: boolean) =>
      new Promise<string>((resolve) =>
        guardedLookup(allow)('localhost', { all: true }, (error) => resolve((error as { code?: string } | null)?.code ?? 'ok')),
      );
    expect(await lookup(false)).toBe('ADDRESS_REFUSED');
    expect(await lookup(true)).toBe('ok');
  });
});

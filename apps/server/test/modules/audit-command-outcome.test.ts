import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { auditTrail } from '../support/audit.ts';
import { type RawDevice, type RobotTestEnv, rawDevice, waitFor, waitForRobot } from '../support/robots.ts';

// The audit trail records a command as the device answered it: refused or never answered is
// failed, whether the request waited for the answer or not.
const { app, admin } = useTestApp({ robotOfflineAfterMs: 60_000, commandTimeoutMs: 500 });
let device: RawDevice;

beforeAll(async () => {
  await app.mqtt.waitUntilSubscribed();
  const env = { app, brokerUrl: `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, deviceKey: app.secrets.deviceKey } as RobotTestEnv;
  // Acknowledges a lid, refuses a goto as the firmware does for an unknown point, never answers a restart.
  device = await rawDevice(env, 'AUD-1', (command) => {
    if (command === 'lid') return { ok: true };
    if (command === 'goto') return { ok: false, error: 'unknown point 999' };
    return undefined;
  });
  await device.status({ state: 'idle', battery: 80 });
  await waitForRobot(app, 'AUD-1', admin, (r) => r.connection === 'online', 'online');
});
afterAll(() => device.close());

const command = (payload: unknown, wait: boolean) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/robots/AUD-1/commands${wait ? '?wait=true' : ''}`,
    headers: admin,
    payload: payload as Record<string, unknown>,
  });

/** The audit record of the request that sent command `id`, once `test` holds for it. */
const auditOf = (id: string, test: (r: { result: string }) => boolean) =>
  waitFor(async () => {
    const found = (await auditTrail(app)).find((r) => (r.responseData as { id?: string } | null)?.id === id);
    return found && test(found) ? found : undefined;
  }, `the audit record of ${id}`);

describe('the audit of a command', () => {
  it('records a refused command as failed, with the device’s reason', async () => {
    const sent = (await command({ command: 'goto', args: { point: 999 } }, true)).json().data;
    expect(sent.status).toBe('failed');
    const record = await auditOf(sent.id, () => true);
    expect(record).toMatchObject({ result: 'failed', errorMessage: 'unknown point 999', affectedRows: 0 });
  });

  it('records a command nobody answered as failed with the timeout', async () => {
    const sent = (await command({ command: 'restart' }, true)).json().data;
    expect(sent.status).toBe('timed_out');
    const record = await auditOf(sent.id, () => true);
    expect(record).toMatchObject({ result: 'failed', errorMessage: 'No answer within 500 ms' });
  });

  it('completes the record of a command sent without waiting once the device answers', async () => {
    const refused = (await command({ command: 'goto', args: { point: 999 } }, false)).json().data;
    const silent = (await command({ command: 'restart' }, false)).json().data;
    const acked = (await command({ command: 'lid', args: { open: true } }, false)).json().data;
    expect([refused.status, silent.status, acked.status]).toEqual(['sent', 'sent', 'sent']);

    const failed = await auditOf(refused.id, (r) => r.result === 'failed');
    expect(failed).toMatchObject({ errorMessage: 'unknown point 999', responseData: { status: 'failed' } });
    const timedOut = await auditOf(silent.id, (r) => r.result === 'failed');
    expect(timedOut).toMatchObject({ errorMessage: 'No answer within 500 ms', responseData: { status: 'timed_out' } });
    const done = await auditOf(acked.id, (r) => (r as { responseData?: { status?: string } }).responseData?.status !== 'sent');
    expect(done).toMatchObject({ result: 'success', errorMessage: null, responseData: { status: 'acknowledged' } });
  });

  it('leaves the records of other commands as they were', async () => {
    const acked = (await command({ command: 'lid', args: { open: false } }, true)).json().data;
    const record = await auditOf(acked.id, () => true);
    expect(record).toMatchObject({ result: 'success', errorMessage: null, affectedRows: 1 });
  });
});

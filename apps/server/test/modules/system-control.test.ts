import { topics } from '@railserve/protocol';
import mqtt from 'mqtt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { canPublish, canSubscribe, deviceIdentity } from '../../src/broker/acl.ts';
import { useTestApp } from '../helper.ts';
import { lastAudit } from '../support/audit.ts';
import { connectConsole } from '../support/broker-clients.ts';
import { waitFor } from '../support/robots.ts';

const { app, admin } = useTestApp();
let brokerUrl: string;

beforeAll(async () => {
  brokerUrl = `mqtt://127.0.0.1:${app.brokerPorts!.tcp}`;
  await app.mqtt.waitUntilSubscribed();
});

const post = (url: string, headers: { authorization?: string } = admin) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers });

/** A connection as an on-site device of a session (username `site-{code}` or `tablet-{code}`). */
const siteDevice = (username: string, password = app.secrets.deviceKey) =>
  mqtt.connectAsync(brokerUrl, { username, password, clientId: username, reconnectPeriod: 0 });

describe('versions', () => {
  it('shows the backend and every session with "not reported" until its devices report', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: admin,
      payload: { code: 'S2026001', name: 'Hall', mac: '02:00:00:00:00:01' },
    });
    const before = await app.inject({ method: 'GET', url: '/api/v1/system/versions', headers: admin });
    expect(before.statusCode).toBe(200);
    expect(before.json().data.backend.version).toMatch(/\d+\.\d+\.\d+/);
    expect(before.json().data.sites).toEqual([{ sessionCode: 'S2026001', sessionName: 'Hall', site_server: null, tablet: null }]);

    const tablet = await siteDevice('tablet-S2026001');
    const ts = new Date().toISOString();
    const report = { kind: 'tablet', sessionCode: 'S2026001', version: '3.2.1', ts };
    await tablet.publishAsync(topics.deviceVersion('tablet-S2026001'), JSON.stringify(report), { qos: 1, retain: true });
    await tablet.endAsync();
    const after = await waitFor(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/system/versions', headers: admin });
      const site = res.json().data.sites[0];
      return site.tablet ? site : undefined;
    }, 'the tablet version');
    expect(after).toMatchObject({ tablet: { version: '3.2.1', reportedAt: ts }, site_server: null });
  });

  it('lets a site device publish only its own version and read the live state', () => {
    const tablet = deviceIdentity('tablet-S2026001')!;
    expect(tablet).toEqual({ role: 'tablet', sessionCode: 'S2026001' });
    expect(canPublish(tablet, topics.deviceVersion('tablet-S2026001'))).toBe(true);
    expect(canPublish(tablet, topics.deviceVersion('site-S2026001'))).toBe(false);
    expect(canPublish(tablet, topics.robotCommand('RS-1'))).toBe(false);
    expect(canPublish(tablet, topics.frontendUpdate)).toBe(false);
    expect(canSubscribe(tablet, topics.robotStatus('+'))).toBe(true);
    expect(canSubscribe(tablet, topics.robotCommand('+'))).toBe(false);
    expect(canPublish(deviceIdentity('site-S2026001')!, topics.deviceVersion('site-S2026001'))).toBe(true);
    expect(canPublish(deviceIdentity('RS-1')!, topics.robotUpgrade('RS-1'))).toBe(true);
    expect(canPublish(deviceIdentity('RS-1')!, topics.robotUpgrade('RS-2'))).toBe(false);
  });

  it('refuses a site device with a wrong key, and level 3', async () => {
    await expect(siteDevice('site-S2026001', 'wrong')).rejects.toThrow();
    const general = await app.as(3);
    expect((await app.inject({ method: 'GET', url: '/api/v1/system/versions', headers: general })).statusCode).toBe(403);
  });
});

describe('force reload', () => {
  it('publishes 1 on HCP4/frontend/update, not retained, and is audited', async () => {
    // An open console: the browsers are who the reload is for.
    const observer = await connectConsole(app, admin.authorization);
    const received: { payload: string; retain: boolean }[] = [];
    observer.on('message', (_topic, payload, packet) => received.push({ payload: payload.toString(), retain: packet.retain }));
    await observer.subscribeAsync(topics.frontendUpdate, { qos: 1 });
    const res = await post('/system/force-reload');
    expect(res.statusCode).toBe(200);
    await waitFor(() => received.length > 0 || undefined, 'the reload message');
    expect(received).toEqual([{ payload: '1', retain: false }]);
    await observer.endAsync();
    const audit = await lastAudit(app, (r) => r.target === 'system/force-reload');
    expect(audit).toMatchObject({ type: 'system', result: 'success', username: 'admin' });
  });
});

describe('restart', () => {
  it('answers, then asks the process to restart; without a supervisor it says so', async () => {
    const restart = vi.fn();
    app.lifecycle.restart = restart;
    const res = await post('/system/restart');
    expect(res.statusCode).toBe(202);
    await waitFor(() => restart.mock.calls.length === 1 || undefined, 'the restart');
    expect((await lastAudit(app, (r) => r.target === 'system/restart')).type).toBe('system');
    app.lifecycle.restart = undefined;
    const unsupervised = await post('/system/restart');
    expect(unsupervised.statusCode).toBe(503);
    expect(unsupervised.json().code).toBe('restart_unavailable');
  });
});

describe('while the broker is disconnected', () => {
  it('refuses force reload and restart with the spec message', async () => {
    const restart = vi.fn();
    app.lifecycle.restart = restart;
    const connected = vi.spyOn(app.mqtt, 'connected', 'get').mockReturnValue(false);
    try {
      for (const url of ['/system/force-reload', '/system/restart']) {
        const res = await post(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toMatchObject({ code: 'broker_unavailable', message: 'MQTT not connected, cannot send' });
      }
    } finally {
      connected.mockRestore();
    }
    expect(restart).not.toHaveBeenCalled();
  });
});

describe('who may', () => {
  it('gives force reload and restart to levels 0-1 only', async () => {
    const restart = vi.fn();
    app.lifecycle.restart = restart;
    for (const level of [2, 3] as const) {
      const headers = await app.as(level);
      expect((await post('/system/force-reload', headers)).statusCode).toBe(403);
      expect((await post('/system/restart', headers)).statusCode).toBe(403);
    }
    expect((await post('/system/force-reload', {})).statusCode).toBe(401);
    expect((await post('/system/restart', {})).statusCode).toBe(401);
    expect((await post('/system/force-reload', await app.as(1))).statusCode).toBe(200);
    expect(restart).not.toHaveBeenCalled();
  });
});

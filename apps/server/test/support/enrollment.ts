import { brokerClientId } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestApp } from '../helper.ts';

let serial = 0;

/** A session through the API, for enrollment keys to belong to. */
export async function createSession(app: TestApp, headers: { authorization: string }, trackIds: number[] = []) {
  const n = ++serial;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    headers,
    payload: { code: `EN${n}`, name: `Enrol ${n}`, mac: `02:00:00:00:0e:${n.toString(16).padStart(2, '0')}`, trackIds },
  });
  if (res.statusCode !== 201) throw new Error(`creating a session failed: ${res.body}`);
  return res.json().data as { id: number };
}

/** An enrollment key through the API: `{id, key, expiresAt, usesLeft}`. */
export async function createKey(
  app: TestApp,
  headers: { authorization: string },
  body: { sessionId: number; uses?: number; expiresInMinutes?: number; serials?: string[] },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/enrollment-keys',
    headers,
    payload: { uses: 5, expiresInMinutes: 60, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`creating a key failed: ${res.body}`);
  return res.json().data as { id: number; key: string; expiresAt: string; usesLeft: number };
}

export const enroll = (app: TestApp, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/devices/enroll', payload, remoteAddress });

/** Enrols a robot and answers its credential. */
export async function enrolRobot(app: TestApp, key: string, sn: string) {
  const res = await enroll(app, { enrollmentKey: key, kind: 'robot', sn });
  if (res.statusCode !== 200) throw new Error(`enrolling ${sn} failed: ${res.body}`);
  return res.json().data as { username: string; password: string; clientId: string };
}

/** Connects with a username and password; resolves the client, or false when the broker refuses. */
export function signIn(app: TestApp, username: string, password: string, clientId?: string) {
  return signInAt(`mqtt://127.0.0.1:${app.brokerPorts!.tcp}`, username, password, clientId);
}

/** signIn on the broker at `url` (an external one). */
export function signInAt(url: string, username: string, password: string, clientId?: string) {
  const track = /^track-(\d+)$/.exec(username);
  const id = clientId ?? (track ? brokerClientId.controller(Number(track[1])) : brokerClientId.robot(username));
  const client = mqtt.connect(url, {
    username,
    password,
    clientId: id,
    reconnectPeriod: 0,
    connectTimeout: 3000,
  });
  return new Promise<MqttClient | false>((resolve) => {
    client.once('connect', () => resolve(client));
    client.once('error', () => {
      client.end(true);
      resolve(false);
    });
    client.once('close', () => resolve(false));
  });
}

/** Resolves when the client's connection closes. */
export const closedBy = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

import { type APIRequestContext, expect } from '@playwright/test';
import type { CreateTrackInput, Track, TrackCommandBody, TrackMap } from '@railserve/protocol';
import { apiToken } from './session.ts';

type Envelope<T> = { success: boolean; data: T; code?: string; message?: string };

/** A MAC address no other test uses. */
export const uniqueMac = () =>
  Array.from({ length: 6 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  )
    .join(':')
    .toUpperCase();

let serial = 0;
/** A name no other test uses, so tests never see each other's data. */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++serial}`;

async function asAdmin(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request)}` };
}

/** Calls the API as the administrator and answers `data`, failing the test on an unexpected status. */
export async function adminCall<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  data?: unknown,
  expected = [200, 201, 202],
): Promise<T> {
  const res = await request[method](`/api/v1${path}`, { headers: await asAdmin(request), data });
  expect(expected, `${method.toUpperCase()} ${path}: ${await res.text()}`).toContain(res.status());
  return ((await res.json()) as Envelope<T>).data;
}

export const createTrack = (request: APIRequestContext, body: Partial<CreateTrackInput> = {}) =>
  adminCall<Track>(request, 'post', '/tracks', { name: uniqueName('e2e track '), type: 'single_circular', ...body });

export const saveTrackMap = (request: APIRequestContext, trackId: number, map: TrackMap) =>
  adminCall<TrackMap>(request, 'put', `/tracks/${trackId}/map`, map);

/** Sends a track command and waits for the controller's answer. */
export const sendTrackCommand = (request: APIRequestContext, trackId: number, body: TrackCommandBody) =>
  adminCall<{ status: string; error?: string }>(request, 'post', `/tracks/${trackId}/commands?wait=true`, body);

export const getTrack = (request: APIRequestContext, trackId: number) => adminCall<Track>(request, 'get', `/tracks/${trackId}`);

/** Waits until the server has registered robot `sn` (from its first status). */
export async function robotRegistered(request: APIRequestContext, sn: string) {
  const headers = await asAdmin(request);
  await expect.poll(async () => (await request.get(`/api/v1/robots/${sn}`, { headers })).status()).toBe(200);
}

export const renameRobot = (request: APIRequestContext, sn: string, name: string) =>
  adminCall(request, 'patch', `/robots/${sn}`, { name });

import type { TrackMapInput } from '@railserve/protocol';
import type { TestApp } from '../helper.ts';

/** A small saved map: serving point 1, path points 2-3, table points 10 (A1/A2) and 11 (B1), parking 20. */
export const sampleMap: TrackMapInput = {
  points: [
    { number: 1, type: 'serving', x: 0, y: 0 },
    { number: 2, type: 'path', x: 100, y: 0 },
    { number: 10, type: 'table', tableType: 'both', leftName: 'A1', rightName: 'A2', x: 200, y: 0 },
    { number: 11, type: 'table', tableType: 'left', leftName: 'B1', x: 300, y: 0 },
    { number: 20, type: 'parking', x: 400, y: 0 },
  ],
  paths: [
    { from: 1, to: 2, type: 'bidirectional' },
    { from: 2, to: 10, type: 'bidirectional' },
    { from: 10, to: 11, type: 'bidirectional' },
    { from: 11, to: 20, type: 'bidirectional' },
  ],
};

let serial = 0;

/** Creates a track through the API (as `headers`) and answers it. */
export async function createTrack(app: TestApp, headers: { authorization: string }, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/tracks',
    headers,
    payload: { name: `Track ${++serial}-${process.pid}`, type: 'single_round_trip', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`creating a track failed: ${res.body}`);
  return res.json().data as { id: number; name: string };
}

export async function saveMap(app: TestApp, headers: { authorization: string }, trackId: number, map: unknown = sampleMap) {
  return app.inject({ method: 'PUT', url: `/api/v1/tracks/${trackId}/map`, headers, payload: map as object });
}

/** Waits until `check` holds, polling; for effects that arrive over the broker. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

import type { TestApp } from '../helper.ts';
import { multipartBody } from './multipart.ts';

type Headers = Record<string, string>;

/** POST /tracks/{id}/audio with the fields and one file. */
export async function uploadAudio(
  app: TestApp,
  headers: Headers,
  trackId: number | string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
) {
  const body = await multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: `/api/v1/tracks/${trackId}/audio`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** PUT /tracks/{id}/audio/{audioId}/file with a new file. */
export async function replaceAudio(app: TestApp, headers: Headers, trackId: number, audioId: number, content: Buffer) {
  const body = await multipartBody({}, { name: 'new.bin', content });
  return app.inject({
    method: 'PUT',
    url: `/api/v1/tracks/${trackId}/audio/${audioId}/file`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** POST /tracks/{id}/audio/batch with a ZIP. */
export async function uploadZip(app: TestApp, headers: Headers, trackId: number, zip: Buffer) {
  const body = await multipartBody({}, { name: 'clips.zip', content: zip, type: 'application/zip' });
  return app.inject({
    method: 'POST',
    url: `/api/v1/tracks/${trackId}/audio/batch`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** HTTP Basic credentials of a device (a robot's sn or `track-{id}`) with the device key. */
export const deviceAuth = (app: TestApp, username: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${app.secrets.deviceKey}`).toString('base64')}`,
});

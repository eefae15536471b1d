import http from 'node:http';
import type { TestApp } from '../helper.ts';
import { multipartBody } from './multipart.ts';

type Headers = { authorization: string };

/** The track's audio usage and the total one, as the API reports them. */
export async function usage(app: TestApp, headers: Headers, trackId: number) {
  const library = await app.inject({ method: 'GET', url: `/api/v1/tracks/${trackId}/audio`, headers });
  const total = await app.inject({ method: 'GET', url: '/api/v1/updates/storage', headers });
  return { track: library.json().data.storage, total: total.json().data };
}

/**
 * Sends the first `sendBytes` of a multipart upload over a real socket and never the rest; answers
 * the status and body the server sends while the body is still coming (or rejects on a timeout
 * of the test runner). Proves an upload is stopped as it crosses a limit, not after it is on disk.
 */
export async function partialUpload(
  port: number,
  headers: Headers,
  url: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
  sendBytes: number,
): Promise<{ status: number; body: { code?: string } }> {
  const body = await multipartBody(fields, file);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        headers: { ...headers, ...body.headers, 'content-length': body.payload.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') });
        });
      },
    );
    request.on('error', reject);
    request.write(body.payload.subarray(0, sendBytes));
  });
}

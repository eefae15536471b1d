import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the console's download route: serves `content` at `/api/v1/updates/{id}/download`
 * with code `CODE1234` (403 with another, 400 without) and answers the `update` arguments to send.
 */
export async function startUpdateServer(content: Buffer) {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const authorizations: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    authorizations.push(request.headers.authorization ?? '');
    const code = url.searchParams.get('code');
    const answer = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, message, code: 'x' }));
    };
    if (!code) return answer(400, 'No verification code');
    if (code !== 'CODE1234') return answer(403, 'Wrong verification code');
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    response.end(content);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const httpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    httpUrl,
    authorizations,
    args: (recordId: number, overrides: Record<string, unknown> = {}) => ({
      recordId,
      version: '2.0.0',
      url: `/api/v1/updates/${recordId}/download`,
      sha256,
      size: content.length,
      code: 'CODE1234',
      ...overrides,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

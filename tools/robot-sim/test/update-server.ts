import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { updateSignedStatement } from '@railserve/protocol';

/** An Ed25519 key pair as the console keeps one: `publicKey` is what `GET /api/version` publishes. */
export function signingKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return {
    publicKey: raw.toString('base64'),
    sign: (file: { version: string; size: number; sha256: string }) =>
      sign(null, Buffer.from(updateSignedStatement(file)), privateKey).toString('base64'),
  };
}

/**
 * A stand-in for the console's download route: serves `content` at `/api/v1/updates/{id}/download`
 * with code `CODE1234` (403 with another, 400 without), publishes its signing key at
 * `/api/version`, and answers the `update` arguments to send (signed with that key).
 */
export async function startUpdateServer(content: Buffer) {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const key = signingKey();
  const authorizations: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/version') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ success: true, data: { updateSigningKey: key.publicKey } }));
    }
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
      signature: key.sign({ version: '2.0.0', size: content.length, sha256 }),
      ...overrides,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

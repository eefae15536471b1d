import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { rawRequest } from '../support/raw-http.ts';

// About sockets: this app listens on a free port.
let app: TestApp;
let port: number;

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

describe('requests the HTTP parser refuses', () => {
  it('answers headers too large with 431 in the envelope and Connection: close', async () => {
    const answer = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: expect.any(String), code: 'request_too_large' });
    expect(answer.closed).toBe(true);
  });

  it('answers a malformed request line with 400 in the envelope and Connection: close', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/9.9 nonsense\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'bad_request' });
  });

  it("never breaks a keep-alive client's next request", async () => {
    const url = `http://127.0.0.1:${port}/api/health`;
    for (let round = 0; round < 5; round++) {
      expect((await fetch(url)).status).toBe(200);
      const refused = await fetch(url, { headers: { 'x-big': 'a'.repeat(20_000) } });
      expect(refused.status).toBe(431);
      expect(((await refused.json()) as { code: string }).code).toBe('request_too_large');
      const long = await fetch(`http://127.0.0.1:${port}/api/v1/robots/${'a'.repeat(300)}`);
      expect(long.status).toBe(414);
      expect(((await long.json()) as { success: boolean }).success).toBe(false);
      expect((await fetch(url)).status).toBe(200);
    }
  });
});

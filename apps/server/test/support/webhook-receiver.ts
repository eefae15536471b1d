import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
type Reply = (req: Received, res: http.ServerResponse) => void;

/**
 * A local HTTP receiver for webhook tests, on a free port of 127.0.0.1: it records every call and
 * answers with `reply` (200 unless the test says otherwise).
 */
export async function webhookReceiver() {
  const received: Received[] = [];
  let reply: Reply = (_, res) => res.end('ok');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = { headers: req.headers, body: Buffer.concat(chunks).toString(), path: req.url ?? '' };
      received.push(call);
      reply(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer(next: Reply) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

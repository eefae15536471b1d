import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for the console's audio routes: one track's clip list and files behind device credentials. */
export async function startAudioConsole(trackId: number, deviceKey: string, files: Record<string, Buffer>) {
  const clips = Object.entries(files).map(([name, content], i) => ({
    id: i + 1,
    trackId,
    name,
    kind: 'custom' as const,
    format: 'wav' as const,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    uploadedAt: new Date().toISOString(),
  }));
  const requests: { url: string; user: string }[] = [];
  const server = createServer((req, res) => {
    const [user, key] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    requests.push({ url: req.url ?? '', user });
    if (key !== deviceKey) return void res.writeHead(401).end();
    const base = `/api/v1/tracks/${trackId}/audio`;
    if (req.url === base) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ success: true, data: { clips, missing: [] } }));
    }
    const clip = clips.find((c) => req.url === `${base}/${c.id}/file`);
    if (!clip) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'audio/wav' }).end(files[clip.name]);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

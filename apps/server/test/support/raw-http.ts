import { connect } from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string; closed: boolean };

/** Sends `request` as is on a new TCP socket and reads one answer (and whether the server then closed). */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(parse(data, false));
    }, 5_000);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(parse(data, true));
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

function parse(data: string, closed: boolean): RawAnswer {
  const [head, ...rest] = data.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed };
}

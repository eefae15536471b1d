import type { Server } from 'node:net';

export class PortInUseError extends Error {}

/** Listens and answers the bound port; a taken port names the variable to change. */
export function listen(
  server: Server | import('node:http').Server,
  port: number,
  host: string,
  variable: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new PortInUseError(`Port ${port} is already in use: set ${variable} to a free port (0 picks one)`));
      } else reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { BROKER_LIMITS } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { listen } from '../../lib/listen.ts';

/**
 * Where clients reach the embedded broker: TCP (MQTT_PORT) for devices, WebSocket (MQTT_WS_PORT)
 * for browsers. Each new connection goes to `handle`; an error of a listening server is logged,
 * never an unheard 'error' event that would end the process.
 */
export async function listenForClients(app: FastifyInstance, handle: (connection: Duplex, req?: unknown) => void) {
  const guard = app.faultGuard;
  // Each packet goes out when written (packet-size-gate.ts writes it whole), not held for the peer's ACK.
  const tcp: Server = createTcpServer({ noDelay: true }, (socket) => handle(socket));
  // An error once listening (a failed accept: out of file descriptors) would end the process unheard.
  tcp.on(
    'error',
    guard.listener('broker TCP server', (error: Error) => {
      if (tcp.listening) app.log.error({ err: error }, 'broker TCP server error');
    }),
  );
  const http = createHttpServer((_req, res) => res.writeHead(426).end('MQTT over WebSocket only'));
  // A browser's MQTT packet arrives as one WebSocket message: the same cap, plus the fixed header.
  const wss = new WebSocketServer({ server: http, maxPayload: BROKER_LIMITS.browserPacketBytes + 8 });
  wss.on('connection', (socket, req) => handle(createWebSocketStream(socket), req));
  // ws repeats the HTTP server's errors; unheard, they would end the process. One before listening
  // (a taken port) is listen()'s to report, in one line.
  wss.on(
    'error',
    guard.listener('broker WebSocket server', (error: Error) => {
      if (http.listening) app.log.error({ err: error }, 'broker WebSocket server error');
    }),
  );

  const tcpPort = await listen(tcp, app.config.mqttPort, app.config.host, 'MQTT_PORT');
  const wsPort = await listen(http, app.config.mqttWsPort, app.config.host, 'MQTT_WS_PORT').catch(async (error) => {
    tcp.close();
    throw error;
  });

  return {
    ports: { tcp: tcpPort, ws: wsPort },
    /** Ends every browser's connection: the WebSocket server would otherwise wait for them. */
    terminateBrowsers() {
      for (const client of wss.clients) client.terminate();
    },
    async close() {
      await Promise.all([new Promise((r) => tcp.close(r)), new Promise((r) => http.close(r))]);
    },
  };
}

import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@railserve/protocol';
import { type FastifyError, type FastifyHttpOptions, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Largest JSON body: a map upload stays well below. */
export const BODY_LIMIT = 1024 * 1024;
/** Longest path parameter (an SN is 64 characters, an id 10 digits); longer ones answer 414. */
export const MAX_PARAM_LENGTH = 100;

const FRAMEWORK_CODES: Record<string, ErrorCode> = { FST_ERR_MAX_PARAM_LENGTH: 'request_too_large' };

/** Errors Fastify answers before any route runs (a bad URL, a too-long parameter): in the envelope too. */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  reply.code(status).send({ success: false, message: error.message, code: FRAMEWORK_CODES[error.code] ?? 'bad_request' });
}

const CLIENT_ERRORS: Record<string, { status: number; text: string; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    code: 'request_too_large',
    message: 'Request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', code: 'bad_request', message: 'The request took too long' },
};

/**
 * Requests Node's HTTP parser refuses (headers too large, a malformed request line) never reach
 * Fastify. The answer is the envelope, and it says `Connection: close`: the parser cannot go on
 * on this socket, and a keep-alive client must open a new one for its next request instead of
 * failing it on a socket that is being closed.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    text: 'Bad Request',
    code: 'bad_request',
    message: 'Malformed request',
  };
  const body = JSON.stringify({ success: false, message: known.message, code: known.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}

/** The HTTP options of the server and of the tests' app alike. */
export const httpOptions = {
  bodyLimit: BODY_LIMIT,
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  frameworkErrors,
  clientErrorHandler,
  // Keep-alive and idle sockets are closed on shutdown; an export still streaming is aborted by its route.
  forceCloseConnections: true,
  // plugins/request-log.ts writes one line per request instead of Fastify's two.
  logController: new LogController({ disableRequestLogging: true }),
} satisfies FastifyHttpOptions<Server>;

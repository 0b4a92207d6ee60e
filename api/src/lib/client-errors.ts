// Answers to what goes wrong before any route runs, on the connection itself: Node's request and
// header deadlines (408), a request it cannot parse (400), headers or chunk extensions past its
// limits (431, 413). Node hands these to the server's `clientError` listener with the socket;
// Fastify's own listener answers in its own body shape, without the product's `code`. This one
// answers `{ code, message }` (contract/src/error-codes.ts) with `Connection: close`, as long as
// no answer has begun on the connection (a half-written response is never followed by another),
// then closes it.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { apiMessages, errorCode } from 'contract';

/** Node's client error codes and their answers; anything else it cannot parse is a 400. */
const ANSWERS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: apiMessages.requestTimeout },
  HPE_HEADER_OVERFLOW: { status: 431, message: apiMessages.headersTooLarge },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: apiMessages.bodyTooLarge },
};
const MALFORMED = { status: 400, message: apiMessages.malformedRequest };

/** How long a closed-for-writing connection may take to read the answer before it is cut. */
const LINGER_MS = 2000;

/** The raw bytes of an error answer that closes the connection. */
export function clientErrorAnswer(code: string | undefined): string {
  const { status, message } = ANSWERS[code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ code: errorCode(status, message), message });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** Fastify's `clientErrorHandler` (bound to the instance). */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  // The response Node is writing on this connection, if any (Node's own check before it answers).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy(error);
    return;
  }
  // Ended rather than destroyed at once: closing with unread bytes from the client would reset
  // the connection and could lose the answer on its way.
  socket.end(clientErrorAnswer(error.code));
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

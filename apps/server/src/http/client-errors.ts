import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { httpErrorNames, type NamedError } from '@shop/contract/api-error';

/**
 * How long one request, headers and body, may take to arrive. Fastify's default is no limit: a
 * client that announced more bytes than it sent (`Content-Length: 100`, then 10 bytes) held its
 * connection and got no answer at all, ever. Node checks every 30 s, so such a request is
 * answered with a 408 within 60–90 s. The largest bodies the shop takes (a back-office CSV of
 * up to 16 MiB, a picture of up to 14 MiB as base64) need ~2.2 Mbit/s to arrive in time.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

const CLIENT_ERRORS: Record<number, string> = {
  400: 'The request could not be read: it is not well-formed HTTP.',
  408: 'The request did not arrive in time.',
  431: 'The request headers are too large.',
};

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses before any route sees it (bad
 * HTTP, headers over 16 KiB, the time above run out) is answered in the shop's error shape
 * `{name, message, code, status}` (product rules §7), where Fastify's own handler answered
 * `{error, message, statusCode}`. As Node does, nothing is written once an answer has begun,
 * and the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable && socket.bytesWritten === 0) {
    const named: NamedError = {
      name: httpErrorNames[status] ?? 'Error',
      message: CLIENT_ERRORS[status] ?? 'Client Error',
      code: 0,
      status,
    };
    const body = JSON.stringify(named);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

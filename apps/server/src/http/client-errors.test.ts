import { once } from 'node:events';
import { type AddressInfo, connect, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { answerClientError, REQUEST_TIMEOUT_MS } from './client-errors.ts';

/** Sends raw bytes to the listening app and reads everything until the server closes. */
async function rawExchange(t: TestApp, bytes: string): Promise<string> {
  const { port } = t.app.server.address() as AddressInfo;
  const client = connect(port, '127.0.0.1');
  await once(client, 'connect');
  const chunks: Buffer[] = [];
  client.on('data', (chunk: Buffer) => chunks.push(chunk));
  client.write(bytes);
  await once(client, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

/** A socket that records what is written to it; `bytesWritten` says whether an answer has begun. */
function fakeSocket(bytesWritten: number): { socket: Socket; written: string[]; destroyed(): boolean } {
  const written: string[] = [];
  let destroyed = false;
  const socket = Object.assign(new Socket(), {
    write: (data: string) => written.push(data) > 0,
    destroy: () => {
      destroyed = true;
      return socket;
    },
  });
  Object.defineProperty(socket, 'writable', { value: true });
  Object.defineProperty(socket, 'bytesWritten', { value: bytesWritten });
  return { socket, written, destroyed: () => destroyed };
}

const timedOut = () => Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

function parsed(answer: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(body) };
}

/**
 * Requests Node's HTTP parser refuses before any route sees them are answered in the shop's error
 * shape `{name, message, code, status}` (product rules §7), and a request that never arrives whole
 * is answered, not held for ever.
 */
describe('client errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('headers over 16 KiB: 431 in the named shape', async () => {
    const answer = parsed(
      await rawExchange(
        t,
        `GET /backend/api/web/menus HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(answer.body).toEqual({
      name: 'Request Header Fields Too Large',
      message: 'The request headers are too large.',
      code: 0,
      status: 431,
    });
  });

  it('a malformed request line or chunked body: 400 in the named shape', async () => {
    for (const bytes of [
      'GARBAGE\r\n\r\n',
      'POST /backend/api/web/newsletters HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n',
    ]) {
      const answer = parsed(await rawExchange(t, bytes));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        name: 'Bad Request',
        message: 'The request could not be read: it is not well-formed HTTP.',
        code: 0,
        status: 400,
      });
    }
  });

  it('a request must arrive whole within a minute (Fastify’s default is never)', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('a request that ran out of time is answered 408 in the named shape, then closed', () => {
    const { socket, written, destroyed } = fakeSocket(0);
    answerClientError(timedOut(), socket);
    expect(destroyed()).toBe(true);
    const answer = parsed(written.join(''));
    expect(answer.status).toBe(408);
    expect(answer.headers).toMatch(/connection: close/i);
    expect(answer.body).toEqual({
      name: 'Request Timeout',
      message: 'The request did not arrive in time.',
      code: 0,
      status: 408,
    });
  });

  it('writes nothing once an answer has begun, as Node does', () => {
    const { socket, written, destroyed } = fakeSocket(120);
    answerClientError(timedOut(), socket);
    expect(written).toEqual([]);
    expect(destroyed()).toBe(true);
  });
});

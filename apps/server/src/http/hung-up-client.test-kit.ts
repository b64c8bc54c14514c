import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';

/**
 * Holds every request in a first `onRequest` hook until `open()`, as the first read of the
 * catalogue holds requests at start. Register it before the hooks under test.
 */
export function holdRequests(app: FastifyInstance): { held(): number; open(): void } {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  app.addHook('onRequest', async () => {
    held += 1;
    await gate;
  });
  return { held: () => held, open: () => open() };
}

/**
 * Sends `GET path` to the listening `app` and hangs up once the request is held, as a client that
 * gives up does; resolves when the server has seen the connection close.
 */
export async function getThenHangUp(
  app: FastifyInstance,
  hold: { held(): number },
  path: string,
): Promise<void> {
  const { port } = app.server.address() as AddressInfo;
  const before = hold.held();
  const client = connect(port, '127.0.0.1');
  await once(client, 'connect');
  client.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\n\r\n`);
  await expect.poll(() => hold.held()).toBe(before + 1);
  client.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the server sees the close
}

/** The base URL of a listening app. */
export function baseUrlOf(app: FastifyInstance): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

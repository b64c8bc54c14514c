import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { dropGoneClients } from './gone-clients.ts';

describe('requests whose client has gone', () => {
  it('are dropped before the rate limiter, which cannot name a closed connection (no server error)', async () => {
    const errors: unknown[] = [];
    const app = Fastify({ logger: false });
    app.setErrorHandler((error, _request, reply) => {
      errors.push(error);
      return reply.code(500).send();
    });
    // Holds requests at first, as the catalogue's first read does at start.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let held = 0;
    app.addHook('onRequest', async () => {
      held += 1;
      await gate;
    });
    dropGoneClients(app);
    await app.register(rateLimit, { global: true, max: 100, timeWindow: 60_000 });
    let handled = 0;
    app.get('/thing', async () => {
      handled += 1;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const gone = connect(port, '127.0.0.1');
      await once(gone, 'connect');
      gone.write('GET /thing HTTP/1.1\r\nHost: shop\r\n\r\n');
      await expect.poll(() => held).toBe(1);
      gone.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50)); // the server sees the close
      open();
      const next = await fetch(`http://127.0.0.1:${port}/thing`);
      expect(next.status).toBe(200);
      expect(handled).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { dropGoneClients } from './gone-clients.ts';
import { baseUrlOf, getThenHangUp, holdRequests } from './hung-up-client.test-kit.ts';

describe('requests whose client has gone', () => {
  it('are dropped before the rate limiter, which cannot name a closed connection (no server error)', async () => {
    const errors: unknown[] = [];
    const app = Fastify({ logger: false });
    app.setErrorHandler((error, _request, reply) => {
      errors.push(error);
      return reply.code(500).send();
    });
    const hold = holdRequests(app);
    dropGoneClients(app);
    await app.register(rateLimit, { global: true, max: 100, timeWindow: 60_000 });
    let handled = 0;
    app.get('/thing', async () => {
      handled += 1;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await getThenHangUp(app, hold, '/thing');
      hold.open();
      const next = await fetch(`${baseUrlOf(app)}/thing`);
      expect(next.status).toBe(200);
      expect(handled).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';

/**
 * Drops a request whose client has already hung up before any hook runs: nobody would read its
 * answer. Requests can wait that long at start, queued while 100,000 products are read into
 * memory; their clients (a load balancer's health check, an impatient browser) give up meanwhile.
 * Processed anyway, each threw in the rate limiter, which cannot name a closed connection's
 * address, and was logged as a server error.
 */
export function dropGoneClients(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // A socket closed under a request still being parsed (a malformed chunked body) can leave
    // the request itself not yet destroyed, but without an address.
    if (request.raw.destroyed || request.raw.socket?.destroyed || request.ip === undefined) reply.hijack();
  });
}

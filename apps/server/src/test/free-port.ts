import { createServer } from 'node:net';

/**
 * A port nothing listens on now: the kernel's choice for a socket bound to port 0 on 127.0.0.1.
 * For servers the tests and the bench start. Another process may still take it before the server
 * binds, so a server that cannot bind is best started again on a new one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADMIN_CSP } from '../plugins/security.ts';

/** Where `npm run build` writes the back office (apps/admin, Vite, `base: '/admin/'`). */
export const defaultAdminDistDir = fileURLToPath(new URL('../../../admin/dist', import.meta.url));

/** Pages, not API operations: kept out of the OpenAPI document. */
const HIDDEN = { schema: { hide: true } };

/** The back office is for staff: search engines neither index it nor follow its links. */
const NO_INDEX = 'noindex, nofollow';

/**
 * Serves the back office at `/admin`: its hashed files under `/admin/assets/` (cached for a year:
 * a new build has new names), and its one page, index.html, for `/admin` and every other path
 * below it (the app's own router draws the screen). The page is never cached, so a new build is
 * picked up at the next load; a missing asset is a 404, not the page, so a stale chunk fails
 * visibly instead of being parsed as HTML. Without a build, `/admin` says how to make one.
 */
export async function registerBackOffice(app: FastifyInstance, distDir = defaultAdminDistDir) {
  const indexFile = join(distDir, 'index.html');
  const built = existsSync(indexFile);
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (_request, reply) => {
        reply.header('x-robots-tag', NO_INDEX);
      });
      if (!built) {
        const notBuilt = (_request: unknown, reply: FastifyReply) =>
          reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send('The back office is not built. Run `npm run build` (npm start does it).');
        admin.get('/', HIDDEN, notBuilt);
        admin.get('/*', HIDDEN, notBuilt);
        return;
      }
      // The page is read once: a new build means a restart (as for the storefront).
      const page = readFileSync(indexFile);
      const sendPage = (_request: unknown, reply: FastifyReply) =>
        reply
          .header('cache-control', 'no-store')
          .header('content-security-policy', ADMIN_CSP)
          .type('text/html; charset=utf-8')
          .send(page);
      const missingAsset = (_request: unknown, reply: FastifyReply) =>
        reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Not found.');
      // One route that looks the file up per request (a route per file was ~30 ms of every start);
      // a file it does not find is answered by its own scope's not-found handler.
      await admin.register(
        async (assets) => {
          assets.setNotFoundHandler(missingAsset);
          await assets.register(fastifyStatic, {
            root: join(distDir, 'assets'),
            prefix: '/',
            wildcard: true,
            index: false,
            decorateReply: false,
            // The build writes .br and .gz copies beside each file; they are sent as they are.
            preCompressed: true,
            setHeaders(res) {
              res.header('cache-control', 'public, max-age=31536000, immutable');
            },
          });
        },
        { prefix: '/assets' },
      );
      admin.get('/', HIDDEN, sendPage);
      admin.get('/*', HIDDEN, (request, reply) => {
        const path = (request.params as { '*': string })['*'];
        // The assets folder itself; the files in it are the assets scope's above.
        if (path === 'assets') return missingAsset(request, reply);
        return sendPage(request, reply);
      });
    },
    { prefix: '/admin' },
  );
}

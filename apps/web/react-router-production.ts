import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The browser build takes React Router's production build. The package's `exports` name only its
 * development build (`dist/development`, whose one difference is `ENABLE_DEV_WARNINGS = true`:
 * route-matching warnings and the "Hey developer" text of its default error boundary), so every
 * shopper downloaded and ran code written for a developer's console.
 *
 * Browser build only: the server build keeps the package as Node resolves it, since the server's
 * request handler (`createRequestHandler`, apps/server/src/storefront/storefront.ts) comes from
 * that copy, and a second copy in the rendered routes would make its `instanceof` checks of
 * `data()` and error responses fail.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  const files: Record<string, string> = {
    'react-router': join(dist, 'index.mjs'),
    'react-router/dom': join(dist, 'dom-export.mjs'),
  };
  let ssr = false;
  return {
    name: 'shop:react-router-production',
    apply: 'build',
    enforce: 'pre',
    config(_config, { isSsrBuild }) {
      ssr = Boolean(isSsrBuild);
    },
    resolveId(source) {
      if (ssr) return null;
      return files[source] ?? null;
    },
  };
}

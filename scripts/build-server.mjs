// `npm run build:server`: the server as one JavaScript file (apps/server/dist/server.mjs), so that
// `npm start` runs plain Node with no TypeScript loader, and the new database a new shop starts
// from (apps/server/dist/new-database). The workspace packages (@shop/*, shipped
// as TypeScript source) are bundled in, and the few packages of `BUNDLED_PACKAGES`; everything
// else from node_modules stays an import.
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = `${root}apps/server/dist`;
export const serverBundle = `${outdir}/server.mjs`;

/**
 * Files that find their neighbours through `import.meta.url` (the migrations, the storefront
 * build, the simulators' browser scripts) keep finding them: inside the bundle the URL is
 * rebased from the bundle's own place to where the source file lies.
 */
const keepFileUrls = {
  name: 'keep-file-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const rel = relative(dirname(serverBundle), args.path);
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Packages bundled into the server although they come from node_modules: ES-module packages of
 * many small files that only the server imports. Node 20 resolves, reads, compiles and links each
 * file of an imported package at start, and keeps no compiled code between starts: drizzle-orm
 * (108 files by the time the server listens), csv-parse (10) and altcha-lib (9) cost a
 * PostgreSQL shop of 10,000 products ~260 ms of its start's CPU and ~200 ms to its first answer
 * (1.79 against 2.00 s, six starts each way, alternated; ADR 0012, "2026-11-29, evening").
 * zod stays an import: the storefront's server build imports it from node_modules too, and a
 * bundled copy would be a second zod, loaded beside the first. CommonJS packages stay imports as
 * well: bundled into an ES module, their `require` calls would need a shim.
 */
const BUNDLED_PACKAGES = ['drizzle-orm', 'csv-parse', 'altcha-lib'];

const bundled = (specifier) =>
  specifier.startsWith('@shop/') ||
  BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/**
 * Bare imports from node_modules stay imports, except the shop's own packages and
 * `BUNDLED_PACKAGES`. Their own imports of other packages (drizzle-orm's of pg and PGlite) stay
 * imports too.
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      bundled(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The server runs embedded PGlite on a thread of its own (packages/db/src/pglite-remote.ts), and
 * Drizzle's PGlite driver, bundled in, imports PGlite only for a few type ids and a class it does
 * not use there: its import points at a stand-in, so the server's thread does not load PGlite too.
 */
const pgliteOnItsThread = {
  name: 'pglite-on-its-thread',
  setup(b) {
    b.onResolve({ filter: /^@electric-sql\/pglite$/ }, (args) =>
      args.importer.includes('/drizzle-orm/pglite/')
        ? { path: `${root}packages/db/src/pglite-drizzle-types.ts` }
        : undefined,
    );
  },
};

export async function buildServer() {
  // Chunks are named by their hash: without this, every build left the previous ones behind.
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [
      { in: `${root}apps/server/src/server.ts`, out: 'server' },
      // The short-lived process that draws the catalogue PDF (catalogue-pdf.job.ts forks it).
      {
        in: `${root}apps/server/src/modules/catalogue/catalogue-pdf.process.ts`,
        out: 'catalogue-pdf.process',
      },
      // The process that draws and checks pictures (media/picture-drawer.ts forks it).
      { in: `${root}apps/server/src/modules/media/picture-process.ts`, out: 'picture-process' },
    ],
    // Tells the server's code it runs compiled, so it forks the compiled drawing processes.
    define: { 'process.env.SHOP_SERVER_BUNDLE': '"1"' },
    outdir,
    outExtension: { '.js': '.mjs' },
    // server.ts sets NODE_ENV before it imports the app, so that React and React Router load their
    // production builds: the app stays a chunk of its own, loaded by that dynamic import.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [pgliteOnItsThread, externalDependencies, keepFileUrls],
  });
  // The new embedded database a new shop starts from (packages/db/src/new-database.ts says why),
  // made in a process of its own: PGlite's initdb holds ~700 MiB while it runs.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', `${root}packages/db/src/new-database.ts`, `${outdir}/new-database`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();

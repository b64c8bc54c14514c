// `npm run build:server`: the server as one JavaScript file (apps/server/dist/server.mjs), so that
// `npm start` runs plain Node with no TypeScript loader. The workspace packages (@shop/*, shipped
// as TypeScript source) are bundled in; everything from node_modules stays an import.
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

/** Bare imports from node_modules stay imports; the shop's own packages are bundled. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
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
    ],
    // Tells the server's code it runs compiled, so it forks the compiled drawing process.
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
    plugins: [externalDependencies, keepFileUrls],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();

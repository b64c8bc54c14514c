/**
 * What the compiled server (scripts/build-server.mjs) carries inside it and what it leaves to
 * node_modules, read from the built files `npm start` runs: every import of a package that is
 * left in them, static (`from "…"`) or dynamic (`import("…")`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './ensure-ready.mjs';

const dist = join(dirname(new URL(import.meta.url).pathname), '../apps/server/dist');

/** The package of each bare import left in the compiled server (`drizzle-orm/pg-core` → `drizzle-orm`). */
function importedPackages(): Set<string> {
  const packages = new Set<string>();
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.mjs'))) {
    const code = readFileSync(join(dist, file), 'utf8');
    for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport\(?)\s*"([^"./][^"]*)"/g)) {
      const parts = (specifier ?? '').split('/');
      packages.add(specifier?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
    }
  }
  return packages;
}

describe('the compiled server (ADR 0012: start to first answer < 2 s)', () => {
  let packages: Set<string>;
  beforeAll(() => {
    ensureBuilt();
    packages = importedPackages();
  }, 120_000);

  it('carries drizzle-orm, csv-parse and altcha-lib inside it, so their 127 ES modules are not loaded one by one at every start', () => {
    for (const name of ['drizzle-orm', 'csv-parse', 'altcha-lib']) expect(packages).not.toContain(name);
    // Sanity: the scan does find what is left to node_modules.
    expect(packages).toContain('fastify');
    expect(packages).toContain('@electric-sql/pglite');
  });

  it('leaves zod and React Router to node_modules, one copy shared with the storefront’s server build', () => {
    for (const name of ['zod', 'react-router']) expect(packages).toContain(name);
  });

  it('leaves PGlite to its own thread: no static import of it, only the in-thread opening that tools use', () => {
    const imports = readdirSync(dist)
      .filter((name) => name.endsWith('.mjs'))
      .flatMap((file) => [
        ...readFileSync(join(dist, file), 'utf8').matchAll(/(from|import\()\s*"@electric-sql\/pglite"/g),
      ])
      .map((match) => match[1]);
    // Drizzle's PGlite driver imports it statically; the build points that import at a stand-in.
    expect(imports).toEqual(['import(']);
  });

  it('starts the embedded database’s thread before it loads the rest of the server: its entry statically imports neither the app nor the schema', () => {
    // The modules an ES module loads before its first line runs: its static imports, and theirs.
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const code = readFileSync(join(dist, file), 'utf8');
      for (const [, chunk] of code.matchAll(/^(?:import|} from)\s*"\.\/([^"]+\.mjs)"/gm))
        visit(chunk as string);
    };
    visit('server.mjs');
    const sources = [...loaded].flatMap((file) =>
      [...readFileSync(join(dist, file), 'utf8').matchAll(/^\/\/ ((?:apps|packages)\/\S+)$/gm)].map(
        (m) => m[1],
      ),
    );
    // Sanity: the scan does see the modules the entry needs first.
    expect(sources).toContain('apps/server/src/production-config.ts');
    expect(sources).toContain('packages/db/src/pglite-remote.ts');
    expect(sources.filter((source) => /schema\/|src\/app\.ts$|storefront\//.test(source ?? ''))).toEqual([]);
  });

  it('keeps the shop’s own packages inside it', () => {
    expect([...packages].filter((name) => name.startsWith('@shop/'))).toEqual([]);
  });
});

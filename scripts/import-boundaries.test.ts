/**
 * The import boundaries of biome.jsonc (docs/decisions/0001-layout-and-tooling.md), shown on a
 * deliberately broken tree: the repository's own Biome configuration lints a small fixture that
 * holds an import cycle and one forbidden import of every kind next to the allowed ones, and
 * must fail on exactly the forbidden ones. `npm test` runs the same configuration over the real
 * code (`biome ci .`), so a new cycle or forbidden import there fails it the same way.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const web = 'apps/web/app';
const server = 'apps/server/src';

/** Fixture files: path → source. Files whose name says "bad" hold one forbidden import on line 1. */
const fixture: Record<string, string> = {
  // Storefront floors: routes/ → layout/ → features/<domain>/ → components/ → lib/.
  [`${web}/lib/format.ts`]: `export const format = (n: number) => String(n);\n`,
  [`${web}/lib/bad-imports-feature.ts`]: `import { cart } from '../features/cart/cart.ts';\nexport const count = cart.length;\n`,
  [`${web}/components/bad-imports-feature.tsx`]: `import { cart } from '../features/cart/cart.ts';\nexport const size = cart.length;\n`,
  [`${web}/components/ui/bad-imports-feature.tsx`]: `import { cart } from '../../features/cart/cart.ts';\nexport const size = cart.length;\n`,
  [`${web}/components/badge.tsx`]: `import { format } from '../lib/format.ts';\nexport const badge = format(1);\n`,
  [`${web}/features/cart/cart.ts`]: `import { format } from '../../lib/format.ts';\nimport { badge } from '../../components/badge.tsx';\nexport const cart = [format(2), badge];\n`,
  [`${web}/features/orders/bad-imports-feature.ts`]: `import { cart } from '../cart/cart.ts';\nexport const again = cart.length;\n`,
  [`${web}/features/orders/bad-imports-layout.ts`]: `import { frame } from '../../layout/frame.ts';\nexport const inner = frame;\n`,
  [`${web}/features/orders/parts/bad-imports-feature.ts`]: `import { cart } from '../../cart/cart.ts';\nexport const deep = cart.length;\n`,
  [`${web}/features/orders/parts/line.ts`]: `import { orders } from '../orders.ts';\nimport { format } from '../../../lib/format.ts';\nexport const line = [orders, format(4)];\n`,
  [`${web}/features/orders/orders.ts`]: `import { format } from '../../lib/format.ts';\nexport const orders = format(3);\n`,
  [`${web}/layout/frame.ts`]: `import { cart } from '../features/cart/cart.ts';\nimport { orders } from '../features/orders/orders.ts';\nexport const frame = [cart, orders];\n`,
  [`${web}/routes/page.ts`]: `import { frame } from '../layout/frame.ts';\nimport { orders } from '../features/orders/orders.ts';\nexport const page = [frame, orders];\n`,
  // A runtime cycle in the storefront.
  [`${web}/lib/ping.ts`]: `import { pong } from './pong.ts';\nexport const ping = (): number => pong();\n`,
  [`${web}/lib/pong.ts`]: `import { ping } from './ping.ts';\nexport const pong = (): number => ping();\n`,

  // Server: http/ imports no module; a module reaches another one only through its service.
  [`${server}/http/bad-imports-module.ts`]: `import { findRow } from '../modules/stock/stock.repository.ts';\nexport const guard = findRow;\n`,
  [`${server}/modules/stock/stock.repository.ts`]: `export const findRow = (id: number) => id;\n`,
  [`${server}/modules/stock/stock.service.ts`]: `import { findRow } from './stock.repository.ts';\nexport const stockOf = (id: number) => findRow(id);\n`,
  [`${server}/modules/stock/stock.test-kit.ts`]: `export const makeStock = () => 1;\n`,
  [`${server}/modules/orders/orders.service.ts`]: `import { stockOf } from '../stock/stock.service.ts';\nexport const reserve = (id: number) => stockOf(id);\n`,
  [`${server}/modules/orders/bad-imports-repository.ts`]: `import { findRow } from '../stock/stock.repository.ts';\nexport const peek = findRow;\n`,
  [`${server}/modules/orders/jobs/bad-imports-repository.ts`]: `import { findRow } from '../../stock/stock.repository.ts';\nexport const sweep = findRow;\n`,
  [`${server}/modules/orders/orders.test.ts`]: `import { makeStock } from '../stock/stock.test-kit.ts';\nimport { stockOf } from '../stock/stock.service.ts';\nexport const setup = () => stockOf(makeStock());\n`,
  [`${server}/modules/orders/bad-imports-repository.test.ts`]: `import { findRow } from '../stock/stock.repository.ts';\nexport const setup = findRow;\n`,
  // A cycle of types only still counts.
  [`${server}/modules/mail/left.ts`]: `import type { Right } from './right.ts';\nexport interface Left { right?: Right }\n`,
  [`${server}/modules/mail/right.ts`]: `import type { Left } from './left.ts';\nexport interface Right { left?: Left }\n`,
};

interface Diagnostic {
  severity: string;
  category: string;
  message: string;
  location: { path: string; start: { line: number } };
}

let dir = '';
let status: number | null = null;
let found: Diagnostic[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  copyFileSync(join(root, 'biome.jsonc'), join(dir, 'biome.jsonc'));
  for (const [path, source] of Object.entries(fixture)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const run = spawnSync(
    join(root, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: dir, encoding: 'utf8' },
  );
  status = run.status;
  found = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const flagged = (rule: string) =>
  found
    .filter((d) => d.category === `lint/${rule}` && d.severity === 'error')
    .map((d) => `${d.location.path}:${d.location.start.line}`)
    .sort();

describe('import boundaries (biome.jsonc)', () => {
  it('fails the lint on the broken fixture', () => {
    expect(status).not.toBe(0);
  });

  it('noImportCycles: flags a runtime cycle and a cycle of types', () => {
    expect(flagged('suspicious/noImportCycles')).toEqual([
      `${server}/modules/mail/left.ts:1`,
      `${server}/modules/mail/right.ts:1`,
      `${web}/lib/ping.ts:1`,
      `${web}/lib/pong.ts:1`,
    ]);
  });

  it('noRestrictedImports: flags exactly the forbidden imports, each with the rule it breaks', () => {
    const bad = Object.keys(fixture)
      .filter((path) => path.split('/').pop()?.startsWith('bad-'))
      .map((path) => `${path}:1`)
      .sort();
    expect(flagged('style/noRestrictedImports')).toEqual(bad);
    const message = (path: string) =>
      found.find((d) => d.location.path === path && d.category === 'lint/style/noRestrictedImports')?.message;
    expect(message(`${web}/lib/bad-imports-feature.ts`)).toMatch(/^lib\/ is the storefront's bottom floor/);
    expect(message(`${web}/components/bad-imports-feature.tsx`)).toMatch(/^components\/ hold shared UI/);
    expect(message(`${web}/features/orders/bad-imports-feature.ts`)).toMatch(
      /^A feature imports no other feature/,
    );
    expect(message(`${server}/http/bad-imports-module.ts`)).toMatch(/^http\/ is shared infrastructure/);
    expect(message(`${server}/modules/orders/bad-imports-repository.ts`)).toMatch(
      /^A module uses another module only through its \*\.service\.ts/,
    );
    expect(message(`${server}/modules/orders/bad-imports-repository.test.ts`)).toMatch(
      /^A test uses another module only through/,
    );
  });

  it('leaves the allowed imports alone: down the floors, through a service, a test kit in a test', () => {
    const boundaryRules = ['lint/style/noRestrictedImports', 'lint/suspicious/noImportCycles'];
    const allowed = Object.keys(fixture).filter(
      (path) => !path.split('/').pop()?.startsWith('bad-') && !/\/(ping|pong|left|right)\.ts$/.test(path),
    );
    expect(
      found.filter((d) => boundaryRules.includes(d.category) && allowed.includes(d.location.path)),
    ).toEqual([]);
  });

  it('covers the whole tree: no source file lies deeper than the per-depth rules reach', () => {
    // biome.jsonc states each rule per folder depth; a deeper folder needs its own override there.
    const deepest: Record<string, number> = {
      [`${web}/lib`]: 2,
      [`${web}/components`]: 2,
      [`${web}/features`]: 3,
      [`${web}/layout`]: 2,
      [`${server}/http`]: 1,
      [`${server}/modules`]: 4,
    };
    const tooDeep = Object.entries(deepest).flatMap(([folder, depth]) =>
      (readdirSync(join(root, folder), { recursive: true }) as string[])
        .filter((path) => /\.tsx?$/.test(path) && path.split('/').length > depth)
        .map((path) => relative(root, join(root, folder, path))),
    );
    expect(tooDeep).toEqual([]);
  });
});

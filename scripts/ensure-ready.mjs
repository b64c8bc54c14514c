// Shared by `npm start` and `npm test`: install what is missing, build what is stale.
// Uses only Node's standard library so that it runs on a fresh clone before `npm ci`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'build' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function run(command) {
  console.log(`> ${command}`);
  execSync(command, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

export function ensureInstalled() {
  const marker = join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs) {
    // `npm ci`: exactly the locked versions, the same install CI systems and container builds make.
    // The lock file carries every platform entry of optional packages (Biome's binaries), so it
    // matches package.json on any machine.
    run('npm ci --no-audit --no-fund');
  }
}

export function ensureBuilt() {
  const built = join(root, 'apps/web/build/server/index.js');
  const sources = Math.max(
    newestMtime(join(root, 'apps/web')),
    newestMtime(join(root, 'packages/contract/src')),
    newestMtime(join(root, 'packages/ui/src')),
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) run('npm run build:web --silent');
  // The back office (apps/admin, served at /admin): its own Vite build, rebuilt on the same rule.
  const admin = join(root, 'apps/admin/dist/index.html');
  const adminSources = Math.max(
    newestMtime(join(root, 'apps/admin')),
    newestMtime(join(root, 'packages/contract/src')),
    newestMtime(join(root, 'packages/ui/src')),
  );
  if (!existsSync(admin) || statSync(admin).mtimeMs < adminSources) run('npm run build:admin --silent');
  // The server runs as compiled JavaScript (scripts/build-server.mjs): rebuilt when any of its
  // sources, or a package it bundles, is newer than the bundle. npm rewrites
  // node_modules/.package-lock.json whenever it installs, so an upgraded drizzle-orm (bundled, see
  // BUNDLED_PACKAGES) is not left behind in an older bundle.
  const server = join(root, 'apps/server/dist/server.mjs');
  const serverSources = Math.max(
    // packages/db/migrations: the build also makes the new database a new shop starts from.
    ...[
      'apps/server/src',
      'packages/contract/src',
      'packages/db/src',
      'packages/db/migrations',
      'packages/gateway-sim/src',
    ].map((dir) => newestMtime(join(root, dir))),
    statSync(join(root, 'scripts/build-server.mjs')).mtimeMs,
    newestMtime(join(root, 'node_modules/.package-lock.json')),
  );
  if (!existsSync(server) || statSync(server).mtimeMs < serverSources) run('npm run build:server --silent');
}

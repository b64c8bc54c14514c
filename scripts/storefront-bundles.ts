/**
 * `npm run check:storefront-bundles`: the back office must add nothing to what a shopper
 * downloads. Builds the storefront's browser files, then the back office, then the storefront
 * again, and compares the two storefront builds file by file (names and SHA-256 of every file
 * under build/client). It also prints the storefront's sizes (raw and Brotli) so that a change
 * shows as figures. Exits 1 when the storefront's files differ or when a storefront file
 * mentions the back office's assets. Pieces the two apps share live in packages/ui; moving one
 * there must leave these bytes as they were.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, '.tmp/storefront-bundles');

export interface BundleFile {
  file: string;
  bytes: number;
  sha256: string;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Every browser file of a storefront build, sorted by name, with its size and digest. */
export function storefrontClientFiles(buildDir: string): BundleFile[] {
  const client = join(buildDir, 'client');
  return [...filesUnder(client)]
    .map((path) => {
      const content = readFileSync(path);
      return {
        file: relative(client, path),
        bytes: statSync(path).size,
        sha256: createHash('sha256').update(content).digest('hex'),
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** Raw and Brotli bytes of the storefront's scripts and stylesheets. */
export function storefrontSizes(files: BundleFile[]) {
  const sum = (pattern: RegExp) =>
    files.filter((f) => pattern.test(f.file)).reduce((total, f) => total + f.bytes, 0);
  return {
    js: sum(/^assets\/.*\.js$/),
    jsBrotli: sum(/^assets\/.*\.js\.br$/),
    css: sum(/^assets\/.*\.css$/),
    cssBrotli: sum(/^assets\/.*\.css\.br$/),
    files: files.filter((f) => !/\.(br|gz)$/.test(f.file)).length,
  };
}

function buildStorefront(into: string) {
  rmSync(into, { recursive: true, force: true });
  execSync('npm run build:web --silent', {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WEB_BUILD_DIR: into },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = join(work, 'before-admin');
  const after = join(work, 'after-admin');
  buildStorefront(before);
  execSync('npm run build:admin --silent', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  buildStorefront(after);
  const a = storefrontClientFiles(before);
  const b = storefrontClientFiles(after);
  const differing = [
    ...a.filter((f) => !b.some((g) => g.file === f.file && g.sha256 === f.sha256)).map((f) => f.file),
    ...b.filter((f) => !a.some((g) => g.file === f.file)).map((f) => f.file),
  ];
  const mentionsAdmin = b
    .filter((f) => /\.(js|css|html)$/.test(f.file))
    .filter((f) => readFileSync(join(after, 'client', f.file), 'utf8').includes('/admin/assets/'))
    .map((f) => f.file);
  const sizes = storefrontSizes(b);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `storefront browser files: ${sizes.files}; JS ${kb(sizes.js)} (Brotli ${kb(sizes.jsBrotli)}); ` +
      `CSS ${kb(sizes.css)} (Brotli ${kb(sizes.cssBrotli)})`,
  );
  rmSync(work, { recursive: true, force: true });
  if (differing.length || mentionsAdmin.length) {
    console.error(
      `storefront files changed by the back office build: ${[...differing, ...mentionsAdmin].join(', ')}`,
    );
    process.exit(1);
  }
  console.log('storefront bundles unchanged by the back office build: every file identical');
}

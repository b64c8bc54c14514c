/**
 * The compiled server started as `npm start` runs it, on a new embedded (PGlite) database: it
 * opens the database on a thread of its own (packages/db/src/pglite-remote.ts), migrates and seeds
 * it through that thread, answers, and stops cleanly on SIGTERM. A new database is a copy of the
 * one the build made (packages/db/src/new-database.ts). The browser tests run against
 * PostgreSQL when CI gives them one, so this is where CI starts the server on PGlite.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { ensureBuilt } from './ensure-ready.mjs';
import { productionEnv } from './bench/bench-server.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
let dataDir: string;
let server: ChildProcess;
let baseUrl: string;
let output = '';

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  const port = await freePort();
  const env = productionEnv(port);
  baseUrl = env.PUBLIC_URL ?? '';
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/server.mjs'], {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SEED_DEMO_CATALOGUE: '1',
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Shop ready on')) resolve();
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}, 120_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('starts on a new embedded database, opened on its own thread, and answers from it', async () => {
  expect(output).toContain('(database: pglite, on a thread of its own)');
  const health = await fetch(`${baseUrl}/backend/api/web/health`);
  expect(health.status).toBe(200);
  const deadline = Date.now() + 60_000;
  let products: { items?: unknown[] } = {};
  while (!products.items?.length && Date.now() < deadline) {
    const answer = await fetch(`${baseUrl}/backend/api/web/products?per-page=5`);
    // The catalogue is read into memory after the server listens.
    if (answer.ok) products = (await answer.json()) as { items?: unknown[] };
    if (!products.items?.length) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(products.items?.length).toBe(5);
});

it('starts a new shop from the database the build made, never holding PGlite’s initdb (~700 MiB) in its memory', () => {
  expect(output).toContain('A new embedded database, copied from the one the build made');
  // The largest RSS of the whole start, the catalogue read included: 213–224 MiB on 2026-12-01,
  // against 701–722 MiB while a new shop's first start ran initdb (ADR 0012, "2026-12-01, later").
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const largestMiB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  expect(largestMiB).toBeGreaterThan(50);
  expect(largestMiB).toBeLessThan(400);
});

it('stops cleanly on SIGTERM, closing the database and its thread', async () => {
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).not.toMatch(/thread stopped/);
});

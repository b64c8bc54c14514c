import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Database, openDatabase } from '@shop/db/client';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.ts';
import type { AppContext } from '../context.ts';
import { type Config, loadConfig } from '../env.ts';
import { inject } from 'vitest';
import { postgresAdminUrl, testRun, withDatabase } from './test-paths.ts';

function currentRun() {
  return testRun(inject('testRunId'), process.env.DATABASE_URL);
}

/**
 * A fresh copy of the seeded demo database: PGlite from the template dump by default, a new
 * PostgreSQL database cloned from the template when DATABASE_URL is set (as in CI).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const tpl = currentRun().templateDatabase;
    const name = `${tpl}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${tpl}"`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 20 });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        // pg-pool's end() resolves before its sockets are closed; a forced DROP would then kill
        // connections still closing and surface as unhandled FATAL 57P01 errors. Wait for each.
        const pool = database.pool;
        let open = pool?.totalCount ?? 0;
        const closed = new Promise<void>((resolve) => {
          if (open === 0) resolve();
          pool?.on('remove', () => {
            open -= 1;
            if (open <= 0) resolve();
          });
        });
        await close();
        await closed;
        const cleanup = new pg.Client({ connectionString: postgresAdminUrl(url) });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = new Blob([readFileSync(currentRun().pgliteTemplateFile)]);
  return openDatabase({ loadDataDir: dump });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `${currentRun().dir}/data`,
    HOST: '127.0.0.1',
    PORT: '0',
    ...overrides,
  });
}

const databases = new WeakMap<FastifyInstance, Database>();

/** The database of an app made by createTestApp (test kits that only get the app use it). */
export function testDatabaseOf(app: FastifyInstance): Database {
  const database = databases.get(app);
  if (!database) throw new Error('not an app made by createTestApp');
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /**
   * app.inject with a JSON body and the response parsed. Waits first for the change feed to
   * deliver every change committed before the call: a test that writes to the database directly
   * (as another instance would) then reads what the next request of a real shopper would read.
   */
  request(options: InjectOptions): Promise<LightMyRequestResponse & { json<T = unknown>(): T }>;
  close(): Promise<void>;
}

/** Builds the real app on a fresh seeded database; jobs off unless asked, storefront off. */
export async function createTestApp(
  options: { env?: Record<string, string> } & Partial<Omit<BuildOptions, 'config' | 'database'>> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig({ ...options.env });
  config.mediaDir = currentRun().mediaDir;
  const { app, ctx } = await buildApp({
    config,
    database,
    storefront: options.storefront ?? false,
    jobs: options.jobs ?? false,
    logger: false,
    postRateLimit: options.postRateLimit ?? 100_000,
  });
  await app.ready();
  databases.set(app, database);
  return {
    app,
    ctx,
    database,
    request: async (o) => {
      await ctx.changes.flush();
      return app.inject(o) as never;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

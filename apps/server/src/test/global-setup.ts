import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { openDatabase } from '@shop/db/client';
import { migrateDatabase } from '@shop/db/migrate';
import { ensureDemoShop } from '@shop/db/seed/demo-shop';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { postgresAdminUrl, testRun, withDatabase } from './test-paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
  }
}

/**
 * Runs once before all test files: builds a migrated, seeded template database so that each
 * test file starts from a copy in well under a second (PGlite dump, or CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const runId = String(process.pid);
  project.provide('testRunId', runId);
  const url = process.env.DATABASE_URL;
  const run = testRun(runId, url);
  mkdirSync(run.dir, { recursive: true });
  mkdirSync(run.mediaDir, { recursive: true });
  if (url) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl(url) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${run.templateDatabase}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${run.templateDatabase}"`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, run.templateDatabase) });
    await migrateDatabase(database);
    await ensureDemoShop(database.db, { mediaDir: run.mediaDir });
    await database.close();
  } else {
    const database = await openDatabase({});
    await migrateDatabase(database);
    await ensureDemoShop(database.db, { mediaDir: run.mediaDir });
    const dump = await database.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite dump failed');
    writeFileSync(run.pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  return async () => {
    rmSync(run.dir, { recursive: true, force: true });
    if (!url) return;
    const cleanup = new pg.Client({ connectionString: postgresAdminUrl(url) });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${run.templateDatabase}%`],
    );
    for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await cleanup.end();
  };
}

import { fileURLToPath } from 'node:url';

const tmpRoot = fileURLToPath(new URL('../../../../.tmp', import.meta.url));

/** Per-run folders and names, so that several test runs on one machine never share files. */
export interface TestRun {
  dir: string;
  mediaDir: string;
  pgliteTemplateFile: string;
  /** Template database on the PostgreSQL server (only with DATABASE_URL). */
  templateDatabase: string;
}

export function testRun(runId: string, databaseUrl?: string): TestRun {
  const dir = `${tmpRoot}/test-${runId}`;
  const base = databaseUrl ? new URL(databaseUrl).pathname.replace(/^\//, '') || 'storefront' : 'storefront';
  return {
    dir,
    mediaDir: `${tmpRoot}/test-media`,
    pgliteTemplateFile: `${dir}/pglite-template.tar`,
    templateDatabase: `${base}_r${runId}`,
  };
}

/** The maintenance database of the server in DATABASE_URL (where CREATE DATABASE runs). */
export function postgresAdminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

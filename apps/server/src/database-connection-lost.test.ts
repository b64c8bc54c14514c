import { openDatabase } from '@shop/db/client';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/**
 * A pooled PostgreSQL connection that breaks while idle (the database restarted, an operator or a
 * proxy ended it) is dropped and replaced; it never ends the process. node-postgres turns such a
 * break into an 'error' event of the pool, which ends Node when nobody listens.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL connection lost while idle', () => {
  it('is reported, and the next query runs on a new connection', async () => {
    let lost: (error: Error) => void = () => undefined;
    const reported = new Promise<Error>((resolve) => {
      lost = resolve;
    });
    const database = await openDatabase({ url, onConnectionLost: (error) => lost(error) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const pid = async () => {
        const result = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: Array<{ pid: number }>;
        };
        return result.rows[0]?.pid;
      };
      const first = await pid();
      await admin.query('select pg_terminate_backend($1)', [first]);
      const error = await reported;
      expect(error.message).toMatch(/terminat/i);
      const second = await pid();
      expect(second).toBeGreaterThan(0);
      expect(second).not.toBe(first);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

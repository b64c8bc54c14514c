import { type Database, openDatabase } from '@shop/db/client';
import { migrateDatabase } from '@shop/db/migrate';
import { type Config, loadConfig } from './env.ts';

/**
 * The shop's command-line tasks (`npm run staff:create`, `reconcile`, `pincodes:import`) open the
 * database the way the server does — DATABASE_URL, or the PGlite folder in DATA_DIR, which must
 * not be open in a running server at the same time — migrate it, do their work and close it.
 */
export async function withShopDatabase<T>(
  work: (database: Database, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  // A task that seals a secret (staff:create) under the development key would leave the server,
  // which has the shop's SECRETS_KEY, unable to read it.
  if (config.isProduction && !config.SECRETS_KEY)
    throw new Error(
      'Invalid configuration:\n  SECRETS_KEY: required in production (the key the server uses)',
    );
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/db`,
  });
  try {
    await migrateDatabase(database);
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** Runs a task's `main` and exits with its code; an unexpected failure is printed and exits 2. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
}

/**
 * `npm run reconcile -- --since YYYY-MM-DD`: asks each gateway what it captured and refunded for
 * the shop's payments since that day and prints every disagreement with the shop's books; exits
 * 1 when there is any, 2 on bad usage. Reads the same configuration as the server (DATABASE_URL or
 * the PGlite folder in DATA_DIR — an embedded database must not be open in a running server at
 * the same time). With the simulators, the gateways are the running shop's at PUBLIC_URL.
 */
import { runCommand, withShopDatabase } from './command-line.ts';
import { parseSince, reconcileReport } from './modules/payments/reconciliation.service.ts';

async function main(): Promise<number> {
  const since = parseSince(process.argv.slice(2));
  if (!since) {
    console.error('Usage: npm run reconcile -- --since YYYY-MM-DD');
    return 2;
  }
  return withShopDatabase((database, config) =>
    reconcileReport({ db: database.db, config }, config.publicUrl, since, (line) => console.log(line)),
  );
}

runCommand(main);

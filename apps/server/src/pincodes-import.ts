/**
 * `npm run pincodes:import -- FILE.csv`: loads India Post's All India Pincode Directory (the
 * data.gov.in CSV, one row per post office) into the shop's pincodes, merged by pincode. Running
 * it again with the same or a newer file updates in place. Prints the counts and the bad rows;
 * exits 1 when the file cannot be read as the directory, 2 on bad usage. Reads the same
 * configuration as the server (DATABASE_URL or the PGlite folder in DATA_DIR — an embedded
 * database must not be open in a running server at the same time).
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '@shop/db/client';
import { migrateDatabase } from '@shop/db/migrate';
import { DirectoryFormatError } from '@shop/db/pincode-directory';
import { loadConfig } from './env.ts';
import { importPincodeDirectory } from './modules/fulfilment/pincode-import.service.ts';

const SHOWN_BAD_ROWS = 20;

async function main(): Promise<number> {
  const [file] = process.argv.slice(2).filter((a) => a !== '--');
  if (!file) {
    console.error('Usage: npm run pincodes:import -- FILE.csv');
    return 2;
  }
  const csv = readFileSync(file);
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/db`,
  });
  try {
    await migrateDatabase(database);
    const report = await importPincodeDirectory(database.db, csv);
    console.log(
      `Read ${report.rows} post offices: ${report.pincodes} pincodes (${report.added} new, ${report.updated} updated), ${report.badRows.length} bad rows.`,
    );
    for (const bad of report.badRows.slice(0, SHOWN_BAD_ROWS))
      console.log(`  ${bad.line > 0 ? `line ${bad.line}: ` : ''}${bad.reason}`);
    if (report.badRows.length > SHOWN_BAD_ROWS)
      console.log(`  … and ${report.badRows.length - SHOWN_BAD_ROWS} more`);
    return 0;
  } catch (error) {
    if (!(error instanceof DirectoryFormatError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);

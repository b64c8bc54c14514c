/**
 * `npm run staff:create -- --email E --role owner|manager|staff [--password P] [--name N]`:
 * creates a back-office account without the back office (the first owner of a new shop). Without
 * --password one is generated; for an owner it prints the otpauth:// URI and recovery codes.
 * Reads the same configuration as the server (DATABASE_URL or the PGlite folder in DATA_DIR — an
 * embedded database must not be open in a running server at the same time). Exits 2 on bad
 * usage, 1 when the account cannot be created (e.g. the e-mail is taken).
 */
import { runCommand, withShopDatabase } from './command-line.ts';
import { AppError } from './http/app-error.ts';
import {
  createStaffFromCommandLine,
  describeCreatedStaff,
  parseStaffCreateArgs,
  STAFF_CREATE_USAGE,
} from './modules/staff/staff-create.service.ts';

async function main(): Promise<number> {
  const args = parseStaffCreateArgs(process.argv.slice(2));
  if (!args.ok) {
    console.error(`${args.message}\n${STAFF_CREATE_USAGE}`);
    return 2;
  }
  return withShopDatabase(async (database) => {
    try {
      const created = await createStaffFromCommandLine(database.db, args);
      for (const line of describeCreatedStaff(created)) console.log(line);
      return 0;
    } catch (error) {
      if (error instanceof AppError) {
        console.error(error.fields[0]?.message ?? error.message);
        return 1;
      }
      throw error;
    }
  });
}

runCommand(main);

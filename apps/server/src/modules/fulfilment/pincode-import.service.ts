import type { DbOrTx } from '@shop/db/client';
import { type DirectoryBadRow, readPincodeDirectory, upsertPincodeRows } from '@shop/db/pincode-directory';
import { countPincodes } from './fulfilment.repository.ts';

export interface PincodeImportReport {
  /** Post-office rows read. */
  rows: number;
  /** Pincodes written (new or updated). */
  pincodes: number;
  added: number;
  updated: number;
  badRows: DirectoryBadRow[];
}

/**
 * Loads India Post's pincode directory (data.gov.in CSV) into the pincodes table in one
 * transaction: merged by pincode, inserted or updated (running it twice changes nothing), bad
 * rows skipped and reported. Pincodes missing from the file stay as they were.
 */
export async function importPincodeDirectory(db: DbOrTx, csv: string | Buffer): Promise<PincodeImportReport> {
  const reading = readPincodeDirectory(csv);
  return db.transaction(async (tx) => {
    const before = await countPincodes(tx);
    await upsertPincodeRows(tx, reading.pincodes);
    const added = (await countPincodes(tx)) - before;
    return {
      rows: reading.rows,
      pincodes: reading.pincodes.length,
      added,
      updated: reading.pincodes.length - added,
      badRows: reading.badRows,
    };
  });
}

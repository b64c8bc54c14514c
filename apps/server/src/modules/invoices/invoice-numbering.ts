/**
 * Numbers of tax invoices and credit notes: one series each, numbered from 1 again every
 * financial year (1 April – 31 March, Indian time). A number is at most 16 characters of
 * letters, digits and '/': `INV/2627/000001` is the first invoice of 2026-27.
 */

export type DocumentSeries = 'INV' | 'CRN';

const IST_OFFSET_MS = 330 * 60_000;

/** The financial year a moment falls in, by the calendar in India: 2027-03-31 23:59 IST → "2026-27". */
export function financialYearOf(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** `INV/2627/000001`: series, the financial year's two short years, the sequence (six digits or more). */
export function documentNumber(series: DocumentSeries, financialYear: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`bad sequence ${sequence}`);
  const years = `${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}`;
  const number = `${series}/${years}/${String(sequence).padStart(6, '0')}`;
  if (number.length > 16) throw new RangeError(`document number ${number} is longer than 16 characters`);
  return number;
}

/** The date of a document as printed (Indian time): 25-11-2026. */
export function documentDate(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const dd = String(india.getUTCDate()).padStart(2, '0');
  const mm = String(india.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${india.getUTCFullYear()}`;
}

/**
 * CSV files the back office downloads (RFC 4180: comma separated, CRLF lines, fields with a
 * comma, quote or line break in double quotes). A cell starting with = + - @ (or a tab or
 * carriage return) is prefixed with an apostrophe so that a spreadsheet shows it as text instead
 * of running it as a formula: a subscriber's address or a customer's message is not trusted.
 * A cell that is only a number (`-12.50`) is left as it is: no spreadsheet runs it, and the
 * catalogue import reads its numbers back from the same text. Anything else after a `-`
 * (`-1+1+cmd|' /C calc'!A0`) is a formula and gets the apostrophe.
 */

type Cell = string | number | boolean | null | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  const formula = /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text);
  const safe = typeof cell === 'string' && formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line with its CRLF, for exports streamed in batches. */
export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(cellText).join(',')}\r\n`;
}

/** The UTF-8 byte order mark that makes Excel read the file as UTF-8 (₹, Hindi names). */
export const CSV_BOM = '\uFEFF';

/** The CSV text of a header row and data rows, starting with a UTF-8 byte order mark for Excel. */
export function csvFile(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvRow).join('');
}

/**
 * CSV files the back office downloads (RFC 4180: comma separated, CRLF lines, fields with a
 * comma, quote or line break in double quotes). A cell starting with = + - @ (or a tab or
 * carriage return) is prefixed with an apostrophe so that a spreadsheet shows it as text instead
 * of running it as a formula: a subscriber's address or a customer's message is not trusted.
 */

type Cell = string | number | boolean | null | undefined;

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  const safe = typeof cell === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text of a header row and data rows, starting with a UTF-8 byte order mark for Excel. */
export function csvFile(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cellText).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Money: integer paise inside the system, rupees (number, ≤ 2 decimals) in JSON,
 * `₹1,23,456.00` on screen. This is the only place that converts or formats.
 */

/** Paise (integer) → rupees as a JSON number, e.g. 12050 → 120.5 */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees (number or numeric string) → integer paise, rounding half away from zero. */
export function rupeesToPaise(rupees: number | string): number {
  const value = typeof rupees === 'string' ? Number.parseFloat(rupees) : rupees;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(rupees)}`);
  return Math.round(value * 100);
}

/** Indian digit grouping: 1234567 → "12,34,567" */
function groupIndian(integerPart: string): string {
  if (integerPart.length <= 3) return integerPart;
  const last3 = integerPart.slice(-3);
  const rest = integerPart.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}`;
}

/** Formats rupees for display: 123456 → "₹1,23,456.00"; negative → "-₹50.00". */
export function formatInr(rupees: number): string {
  const negative = rupees < 0;
  const [int = '0', frac = '00'] = Math.abs(rupees).toFixed(2).split('.');
  return `${negative ? '-' : ''}₹${groupIndian(int)}.${frac}`;
}

/** Formats an amount of paise for display. */
export function formatPaise(paise: number): string {
  return formatInr(paiseToRupees(paise));
}

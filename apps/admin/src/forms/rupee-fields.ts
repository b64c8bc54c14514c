/**
 * Money in the back office's forms: the API speaks paise, people type rupees (Mantine's
 * NumberInput with two decimals). An empty field is `null` (no limit, no cap).
 */

/** A NumberInput's value for an amount in paise: rupees, or empty for none. */
export const rupees = (paise: number | null) => (paise === null ? '' : paise / 100);

/** The paise of what was typed in rupees; null when the field is empty. */
export const paiseOf = (value: string | number) => (value === '' ? null : Math.round(Number(value) * 100));

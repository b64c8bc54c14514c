import type { GstRate } from './gst.ts';

/**
 * The GST inside tax-inclusive prices. Pure functions on integer paise: no database, no dates.
 * The server stores an order's split with them at checkout (and prints it on the invoice); the
 * storefront shows the GST included in a cart's or an order's total with the same functions, so
 * the figure a shopper reads before paying is the figure invoiced.
 *
 * - Tax inside an amount = amount × rate / (100 + rate) (prices include tax).
 * - Inside the shop's state the tax is CGST + SGST, half the rate each; each half is rounded to
 *   the paisa on its own, so CGST = SGST always. Outside the state it is IGST at the full rate.
 * - The taxable value is what remains of the line after its tax, so taxable value + tax is the
 *   line's amount exactly, and the lines of an order add up to the order's total to the paisa.
 * - Rounding is per line, half up, to the paisa (rounding to the rupee is for payments only).
 */

export type Supply = 'intra-state' | 'inter-state';

export interface LineTax {
  /** What the line costs after its share of the discount, tax included. */
  amountPaise: number;
  ratePercent: GstRate;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** n / d rounded half up, for n ≥ 0 and d > 0, in exact integer arithmetic. */
function roundedQuotient(n: number, d: number): number {
  const big = (BigInt(n) * 2n + BigInt(d)) / (BigInt(d) * 2n);
  return Number(big);
}

/** The taxable value and tax inside one tax-inclusive amount. */
export function taxInside(amountPaise: number, ratePercent: GstRate, supply: Supply): LineTax {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0)
    throw new RangeError(`amount must be whole paise ≥ 0, got ${amountPaise}`);
  if (supply === 'intra-state') {
    const half = roundedQuotient(amountPaise * ratePercent, 2 * (100 + ratePercent));
    return {
      amountPaise,
      ratePercent,
      taxablePaise: amountPaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
    };
  }
  const igst = roundedQuotient(amountPaise * ratePercent, 100 + ratePercent);
  return {
    amountPaise,
    ratePercent,
    taxablePaise: amountPaise - igst,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: igst,
  };
}

/**
 * Splits `total` into whole shares proportional to `weights` (largest remainder: every share is
 * the floor of its exact value, and the paise left over go to the largest remainders, earlier
 * lines first on ties). The shares add up to `total` exactly; a zero weight gets nothing.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be whole paise ≥ 0`);
  const sum = weights.reduce((a, w) => a + w, 0);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('weights must be whole ≥ 0');
  if (sum === 0) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError('cannot share an amount over nothing');
  }
  if (total > sum) throw new RangeError('cannot share more than the weights hold');
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => Number((bigTotal * BigInt(w)) / bigSum));
  const remainders = weights.map((w, index) => ({ index, rest: (bigTotal * BigInt(w)) % bigSum }));
  let left = total - shares.reduce((a, s) => a + s, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

export interface GstLineInput {
  /** The line's price × quantity, tax included, before any discount. */
  grossPaise: number;
  ratePercent: GstRate;
  /** Whether the order discount (a coupon on goods) reduces this line; a delivery charge: false. */
  discountable?: boolean;
}

export interface GstSplitLine extends LineTax {
  grossPaise: number;
  /** This line's share of the order discount. */
  discountPaise: number;
}

export interface GstSplit {
  supply: Supply;
  lines: GstSplitLine[];
  totals: {
    amountPaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  };
}

/**
 * The one GST split of an order: the discount is shared over the discountable lines in
 * proportion to their value, then each line's tax is taken out of what is left of it. The
 * result's lines add up to Σ gross − discount exactly, which is the order's total.
 */
export function splitOrderGst(input: {
  lines: readonly GstLineInput[];
  discountPaise: number;
  supply: Supply;
}): GstSplit {
  const weights = input.lines.map((l) => (l.discountable === false ? 0 : l.grossPaise));
  const discounts = apportion(input.discountPaise, weights);
  const lines = input.lines.map((line, i) => {
    const discountPaise = discounts[i] ?? 0;
    return {
      grossPaise: line.grossPaise,
      discountPaise,
      ...taxInside(line.grossPaise - discountPaise, line.ratePercent, input.supply),
    };
  });
  const sum = (pick: (l: GstSplitLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
  return {
    supply: input.supply,
    lines,
    totals: {
      amountPaise: sum((l) => l.amountPaise),
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
    },
  };
}

/**
 * The rate of a charge billed with the goods (the delivery charge, the cash-on-delivery fee): a
 * composite supply whose principal supply is the goods, so the highest rate among them (0 for an
 * order of no taxed goods).
 */
export function chargeRateOf(goodsRates: readonly GstRate[]): GstRate {
  let high: GstRate = 0;
  for (const rate of goodsRates) if (rate > high) high = rate;
  return high;
}

export interface OrderGstSplitInput {
  supply: Supply;
  /** The goods: price × quantity, tax included, before the discount. */
  lines: ReadonlyArray<{ grossPaise: number; ratePercent: GstRate }>;
  /** The coupon's discount on the goods. */
  discountPaise: number;
  /** The delivery charge (0 or absent: free, or not known yet). */
  deliveryPaise?: number;
  /** The cash-on-delivery fee (0 or absent: none). */
  codFeePaise?: number;
}

export interface OrderGstSplit extends GstSplit {
  /** The goods' lines, in the order of the input lines. */
  lines: GstSplitLine[];
  /** The rate of the charges (chargeRateOf the goods). */
  chargeRate: GstRate;
  /** The tax inside the delivery charge; null when there is none. */
  delivery: LineTax | null;
  /** The tax inside the cash-on-delivery fee; null when there is none. */
  codFee: LineTax | null;
}

/**
 * The GST of a whole order: the coupon discount shared over the goods, each line's taxable value
 * and tax, and the delivery charge and cash-on-delivery fee taxed at the charge rate, never
 * discounted. The totals cover goods and charges, so they add up to the order's total.
 */
export function orderGstSplit(input: OrderGstSplitInput): OrderGstSplit {
  const chargeRate = chargeRateOf(input.lines.map((l) => l.ratePercent));
  const deliveryPaise = input.deliveryPaise ?? 0;
  const codFeePaise = input.codFeePaise ?? 0;
  const charges = [deliveryPaise, codFeePaise].filter((p) => p > 0);
  const split = splitOrderGst({
    supply: input.supply,
    discountPaise: input.discountPaise,
    lines: [
      ...input.lines,
      ...charges.map((grossPaise) => ({ grossPaise, ratePercent: chargeRate, discountable: false })),
    ],
  });
  const goods = input.lines.length;
  const chargeTax = (line: GstSplitLine | undefined): LineTax | null => {
    if (!line) return null;
    const { grossPaise: _gross, discountPaise: _discount, ...tax } = line;
    return tax;
  };
  return {
    ...split,
    lines: split.lines.slice(0, goods),
    chargeRate,
    delivery: deliveryPaise > 0 ? chargeTax(split.lines[goods]) : null,
    codFee: codFeePaise > 0 ? chargeTax(split.lines[goods + charges.length - 1]) : null,
  };
}

/** The GST included in an amount: CGST + SGST + IGST. */
export function gstOf(tax: { cgstPaise: number; sgstPaise: number; igstPaise: number }): number {
  return tax.cgstPaise + tax.sgstPaise + tax.igstPaise;
}

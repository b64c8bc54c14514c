import {
  GST_STATES,
  type GstRate,
  type GstStateCode,
  isGstRate,
  type ShopRegistration,
} from '@shop/contract/gst';
import type { ShippingAddress } from '@shop/contract/orders';
import { orderTotals } from '@shop/contract/order-totals';
import { apportion, type Supply, taxInside } from '@shop/contract/gst-split';
import { COD_FEE_SAC, DELIVERY_SAC, type OrderGst } from '../tax/tax.service.ts';

/**
 * A tax invoice or credit note as issued: everything it prints, frozen at issue (stored as the
 * row's `document`). Built by pure functions from the order as placed and the shop's registration.
 */
export interface TaxDocumentLine {
  description: string;
  /** HSN code of goods, SAC of a delivery charge; '' when the product has none. */
  hsn: string;
  /** Null on a credit note that gives back part of a line's value (not whole units). */
  quantity: number | null;
  unit: string;
  unitPricePaise: number | null;
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  ratePercent: GstRate;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value + tax: what the line costs the customer. */
  amountPaise: number;
  /** Credit notes: the position of the invoice line this one gives back. */
  invoiceLine?: number;
}

export interface TaxDocumentTotals {
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  amountPaise: number;
}

export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  financialYear: string;
  supplier: ShopRegistration & { stateName: string };
  recipient: {
    name: string;
    /** Delivery address lines, the PIN code and state included. */
    address: string[];
    mobile: string;
    stateCode: GstStateCode;
    stateName: string;
    /** Unregistered buyers (consumers) have none. */
    gstin: string | null;
  };
  placeOfSupply: { stateCode: GstStateCode; stateName: string };
  interState: boolean;
  reverseCharge: boolean;
  order: { number: string; placedAt: string };
  lines: TaxDocumentLine[];
  totals: TaxDocumentTotals;
  /** Credit notes: the invoice they reduce, and why. */
  original?: { number: string; issuedAt: string };
  reason?: string;
}

export interface InvoiceSource {
  orderNumber: string;
  placedAt: Date;
  totalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  codFeePaise: number;
  address: ShippingAddress & { state?: string | null };
  items: ReadonlyArray<{
    name: string;
    itemWeight: number;
    quantity: number;
    unitPricePaise: number;
    lineTotalPaise: number;
  }>;
  gst: OrderGst;
}

const rateOf = (rate: number): GstRate => {
  if (!isGstRate(rate)) throw new RangeError(`not a GST rate: ${rate}`);
  return rate;
};

export function totalsOf(lines: readonly TaxDocumentLine[]): TaxDocumentTotals {
  const sum = (pick: (l: TaxDocumentLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
  return {
    grossPaise: sum((l) => l.grossPaise),
    discountPaise: sum((l) => l.discountPaise),
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    amountPaise: sum((l) => l.amountPaise),
  };
}

const weightText = (grams: number) =>
  grams <= 0 ? '' : grams >= 1000 && grams % 100 === 0 ? ` (${grams / 1000} kg)` : ` (${grams} g)`;

/** The lines and parties of the tax invoice of an order; the caller adds number and date. */
export function invoiceBody(
  source: InvoiceSource,
  supplier: TaxDocument['supplier'],
): Omit<TaxDocument, 'number' | 'issuedAt' | 'financialYear'> {
  const { gst, address } = source;
  const lines: TaxDocumentLine[] = source.items.map((item, i) => {
    const tax = gst.lines[i];
    if (!tax) throw new Error('an order line has no GST split');
    const amountPaise = tax.taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise;
    return {
      description: `${item.name}${weightText(item.itemWeight)}`,
      hsn: tax.hsnCode ?? '',
      quantity: item.quantity,
      unit: 'Nos',
      unitPricePaise: item.unitPricePaise,
      grossPaise: item.lineTotalPaise,
      discountPaise: tax.discountPaise,
      taxablePaise: tax.taxablePaise,
      ratePercent: rateOf(tax.gstRate),
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      igstPaise: tax.igstPaise,
      amountPaise,
    };
  });
  if (gst.shipping) {
    const s = gst.shipping;
    lines.push({
      description: 'Delivery charges',
      hsn: s.sac || DELIVERY_SAC,
      quantity: 1,
      unit: 'Nos',
      unitPricePaise: source.shippingPaise,
      grossPaise: source.shippingPaise,
      discountPaise: 0,
      taxablePaise: s.taxablePaise,
      ratePercent: rateOf(s.ratePercent),
      cgstPaise: s.cgstPaise,
      sgstPaise: s.sgstPaise,
      igstPaise: s.igstPaise,
      amountPaise: s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise,
    });
  }
  if (gst.codFee) {
    const c = gst.codFee;
    lines.push({
      description: 'Cash on delivery fee',
      hsn: c.sac || COD_FEE_SAC,
      quantity: 1,
      unit: 'Nos',
      unitPricePaise: source.codFeePaise,
      grossPaise: source.codFeePaise,
      discountPaise: 0,
      taxablePaise: c.taxablePaise,
      ratePercent: rateOf(c.ratePercent),
      cgstPaise: c.cgstPaise,
      sgstPaise: c.sgstPaise,
      igstPaise: c.igstPaise,
      amountPaise: c.taxablePaise + c.cgstPaise + c.sgstPaise + c.igstPaise,
    });
  }
  // The invoice says what the order-totals function charged: goods, coupon, delivery, fee.
  const charged = orderTotals({
    lines: source.items.map((i) => ({ unitPricePaise: i.unitPricePaise, quantity: i.quantity })),
    discountPaise: source.discountPaise,
    delivery: { chargePaise: source.shippingPaise, freeAbovePaise: null },
    codFeePaise: source.codFeePaise,
  });
  if (charged.totalPaise !== source.totalPaise)
    throw new Error(`the order's total ${source.totalPaise} paise is not its lines' ${charged.totalPaise}`);
  const totals = totalsOf(lines);
  if (totals.amountPaise !== source.totalPaise)
    throw new Error(`invoice lines add up to ${totals.amountPaise} paise, the order to ${source.totalPaise}`);
  const place = { stateCode: gst.placeOfSupply, stateName: GST_STATES[gst.placeOfSupply] };
  return {
    kind: 'invoice',
    supplier,
    recipient: {
      name: address.contact_person,
      address: [
        address.full_address,
        ...(address.landmark ? [`Landmark: ${address.landmark}`] : []),
        `${address.city} - ${address.pin_code}`,
        `${place.stateName} (State code ${place.stateCode})`,
      ],
      mobile: address.mobile_number,
      stateCode: place.stateCode,
      stateName: place.stateName,
      gstin: address.gstin ?? null,
    },
    placeOfSupply: place,
    interState: gst.interState,
    reverseCharge: false,
    order: { number: source.orderNumber, placedAt: source.placedAt.toISOString() },
    lines,
    totals,
  };
}

/**
 * The lines of a credit note that gives back `amountPaise` of an invoice, of which `credited`
 * (earlier credit notes, line by line) was given back already: the amount is shared over what
 * each line still holds, and each share's tax is taken out at the line's rate. A line credited
 * in full keeps its quantity; a part of a line shows none.
 */
export function creditNoteLines(
  invoice: Pick<TaxDocument, 'lines' | 'interState'>,
  credited: readonly number[],
  amountPaise: number,
): TaxDocumentLine[] {
  const remaining = invoice.lines.map((l, i) => Math.max(0, l.amountPaise - (credited[i] ?? 0)));
  const shares = apportion(amountPaise, remaining);
  const supply: Supply = invoice.interState ? 'inter-state' : 'intra-state';
  return invoice.lines.flatMap((line, i) => {
    const share = shares[i] ?? 0;
    if (share <= 0) return [];
    if (share === line.amountPaise) return [{ ...line, invoiceLine: i }];
    const tax = taxInside(share, line.ratePercent, supply);
    return [
      {
        description: line.description,
        hsn: line.hsn,
        quantity: null,
        unit: line.unit,
        unitPricePaise: null,
        grossPaise: share,
        discountPaise: 0,
        taxablePaise: tax.taxablePaise,
        ratePercent: line.ratePercent,
        cgstPaise: tax.cgstPaise,
        sgstPaise: tax.sgstPaise,
        igstPaise: tax.igstPaise,
        amountPaise: share,
        invoiceLine: i,
      },
    ];
  });
}

/** What earlier credit notes gave back of each invoice line. */
export function creditedPerLine(
  invoice: Pick<TaxDocument, 'lines'>,
  notes: readonly TaxDocument[],
): number[] {
  const credited = invoice.lines.map(() => 0);
  for (const note of notes)
    for (const line of note.lines)
      if (line.invoiceLine !== undefined && line.invoiceLine < credited.length)
        credited[line.invoiceLine] = (credited[line.invoiceLine] ?? 0) + line.amountPaise;
  return credited;
}
